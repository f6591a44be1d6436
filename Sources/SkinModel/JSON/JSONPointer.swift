/// RFC 6901 JSON Pointers, as DTCG 2025.10's `$ref` writes them (`"#/color/tint/$value"`,
/// the URI-fragment form; the plain form `"/color/tint"` is accepted too).
struct JSONPointer: Hashable, CustomStringConvertible {
    let tokens: [String]
    let description: String

    /// Parses a pointer; nil when the text is not one.
    init?(_ text: String) {
        var body = Substring(text)
        if body.hasPrefix("#") { body = body.dropFirst() }
        guard body.isEmpty || body.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        if !body.isEmpty {
            for raw in body.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
                // RFC 6901 §4: "~1" is "/", then "~0" is "~"; any other "~" is invalid.
                var token = ""
                var index = raw.startIndex
                while index < raw.endIndex {
                    let character = raw[index]
                    if character == "~" {
                        let next = raw.index(after: index)
                        guard next < raw.endIndex, raw[next] == "0" || raw[next] == "1" else { return nil }
                        token.append(raw[next] == "0" ? "~" : "/")
                        index = raw.index(after: next)
                    } else {
                        token.append(character)
                        index = raw.index(after: index)
                    }
                }
                tokens.append(token)
            }
        }
        self.tokens = tokens
        self.description = text
    }

    /// The value the pointer designates in `root`, or nil.
    func resolve(in root: JSONValue) -> JSONValue? {
        var current = root
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                // RFC 6901 §4: an array index is "0" or digits without a leading zero.
                guard let index = Int(token), index >= 0, index < elements.count, token == String(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
