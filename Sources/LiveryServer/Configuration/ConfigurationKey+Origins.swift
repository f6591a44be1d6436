/// `http.corsAllowOrigins`: a list of web origins, as the Fetch standard serializes them.
extension ConfigurationKey {
    /// A JSON array of strings, or text with the origins separated by commas (the environment,
    /// `"https://a.example, https://b.example"`); empty means none. Each origin is `*` (alone) or
    /// `scheme://host[:port]`, kept in lowercase because browsers send `Origin` that way and the
    /// server compares bytes. A path, even `/`, is refused: `Origin` never has one, so such an
    /// entry could never match and would only hide a typo.
    static func origins(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, [String]> & Sendable
    ) -> ConfigurationKey {
        ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            var entries: [String] = []
            switch input {
            case .json(.array(let items)):
                for item in items {
                    guard case .string(let text) = item else {
                        throw ConfigurationError(key: name, message: "must be a list of origins (strings)")
                    }
                    entries.append(text)
                }
            case .json(.string(let text)), .text(let text):
                entries = text.split(separator: ",").map(String.init)
            case .json:
                throw ConfigurationError(key: name, message: "must be a list of origins, \"*\", or empty")
            }
            let origins = entries.map { String($0.trimmingWhitespace).lowercased() }.filter { !$0.isEmpty }
            if origins.contains("*"), origins.count > 1 {
                throw ConfigurationError(key: name, message: "lists \"*\" with other origins; \"*\" already allows every origin")
            }
            for origin in origins where origin != "*" && !isOrigin(origin) {
                throw ConfigurationError(
                    key: name, message: "has \"\(origin)\", which is not an origin: scheme://host[:port], no path (https://app.example.com)")
            }
            configuration[keyPath: keyPath] = origins
        }
    }

    /// `scheme://host[:port]` (RFC 6454 §6.2): a scheme of letters, digits, `+`, `-`, `.`; a host
    /// (a name, or an IPv6 address in brackets) without userinfo, path, query or fragment; an
    /// optional port of digits.
    static func isOrigin(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound], authority = text[separator.upperBound...]
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return false }
        let hostEnd = authority.hasPrefix("[")
            ? authority.firstIndex(of: "]").map(authority.index(after:))
            : authority.firstIndex(of: ":") ?? authority.endIndex
        guard let hostEnd else { return false }
        let host = authority[..<hostEnd], rest = authority[hostEnd...]
        if !rest.isEmpty {
            let port = rest.dropFirst()
            guard rest.first == ":", (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        }
        return !host.isEmpty && !host.contains { "/?#@\\".contains($0) || !$0.isASCII || $0.isWhitespace }
    }
}
