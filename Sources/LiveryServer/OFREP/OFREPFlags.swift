import SkinModel

/// The flags of one resolved flat document (docs/api.md, "OFREP"): one per token, its key the
/// token path, its value the token's resolved value exactly as the document writes it.
///
/// OFREP's flag values are booleans, strings, numbers or objects; a token whose value is a JSON
/// array (a font stack, a shadow list, a cubic Bézier) becomes the object `{"value": […]}`.
/// Each flag says `reason: "STATIC"` (the value comes from the served look, not a rule the
/// provider could re-evaluate), `variant` the version label (`app@7`), and `metadata` the
/// token's type, skin and version.
struct OFREPFlags: Sendable {
    /// Path → the flag's evaluation (`{key, value, reason, variant, metadata}`), in path order.
    let flags: [(key: String, evaluation: JSONValue)]
    private let index: [String: Int]

    /// Reads the flags from a document's canonical bytes.
    /// - Throws: `GENERAL` if the bytes are not a flat resolved document (they always are).
    init(document bytes: [UInt8]) throws(OFREPError) {
        guard let json = try? JSONParser.parse(bytes), case .object(let document) = json,
            case .object(let tokens)? = document["tokens"]
        else {
            throw OFREPError(code: .general, details: "The channel's resolved document could not be read.")
        }
        let skin = document["skin"]?.stringValue ?? ""
        let version = document["version"]?.numberValue.map { Int($0) } ?? 0
        var flags: [(key: String, evaluation: JSONValue)] = []
        for (path, member) in tokens.members {
            guard case .object(let token) = member, let value = token["value"] else { continue }
            flags.append((path, .object(JSONObject([
                ("key", .string(path)),
                ("metadata", .object(JSONObject([
                    ("skin", .string(skin)), ("type", token["type"] ?? .null), ("version", .number(Double(version))),
                ]))),
                ("reason", .string("STATIC")),
                ("value", Self.flagValue(value)),
                ("variant", .string("\(skin)@\(version)")),
            ]))))
        }
        self.flags = flags
        index = Dictionary(uniqueKeysWithValues: flags.enumerated().map { ($0.element.key, $0.offset) })
    }

    /// A token's value as an OFREP flag value.
    static func flagValue(_ value: JSONValue) -> JSONValue {
        if case .array = value { return .object(JSONObject([("value", value)])) }
        return value
    }

    /// One flag's evaluation, nil when no token has that path.
    subscript(key: String) -> JSONValue? {
        index[key].map { flags[$0].evaluation }
    }

    /// OFREP's `bulkEvaluationSuccess`: `{"flags": [...]}`.
    var bulk: JSONValue {
        .object(JSONObject([("flags", .array(flags.map(\.evaluation)))]))
    }
}
