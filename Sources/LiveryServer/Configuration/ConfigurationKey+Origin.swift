/// Keys naming one origin: `assets.origin` (where active assets are shown inline) and
/// `http.publicOrigin` (where apps and phones reach the server, for preview links).
extension ConfigurationKey {
    /// `scheme://host[:port]` in lowercase, or `null` / empty for none. Anything else (a path,
    /// a missing scheme) is refused at start, because a typo here would silently send every SVG
    /// as an attachment, or, worse, make an operator believe a separate origin protects them, or
    /// hand a designer preview links no phone can open.
    static func origin(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, String?> & Sendable
    ) -> ConfigurationKey {
        ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            let text: String
            switch input {
            case .json(.null):
                configuration[keyPath: keyPath] = nil
                return
            case .json(.string(let string)), .text(let string): text = String(string.trimmingWhitespace).lowercased()
            case .json: throw ConfigurationError(key: name, message: "must be an origin such as https://assets.example.com, or null")
            }
            guard !text.isEmpty else {
                configuration[keyPath: keyPath] = nil
                return
            }
            guard AssetDelivery.originHost(text) != nil else {
                throw ConfigurationError(key: name, message: "must be an origin such as https://assets.example.com (scheme and host, no path)")
            }
            configuration[keyPath: keyPath] = text
        }
    }
}
