import SkinModel

/// The flags of one resolved flat document (docs/api.md, "OFREP"): one per token, its key the
/// token path, its value the token's resolved value exactly as the document writes it.
///
/// OFREP's flag values are booleans, strings, numbers or objects; a token whose value is a JSON
/// array (a font stack, a shadow list, a cubic Bézier) becomes the object `{"value": […]}`, and a
/// `number` token's value is written as a double (`2.0`, never `2`; see ``valueBytes(_:type:)``).
/// Each flag says `reason: "STATIC"` (the value comes from the served look, not a rule the
/// provider could re-evaluate), `variant` the version label (`app@7`), and `metadata` the
/// token's type, skin and version.
///
/// Each evaluation is kept as its answer's bytes, computed once per look and kept with the look's bulk body (``OFREPAnswerCache``).
struct OFREPFlags: Sendable {
    /// Path → the flag's evaluation (`{key, metadata, reason, value, variant}`), in path order.
    let flags: [(key: String, evaluation: [UInt8])]
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
        var flags: [(key: String, evaluation: [UInt8])] = []
        for (path, member) in tokens.members {
            guard case .object(let token) = member, let value = token["value"] else { continue }
            // Canonical JSON sorts members, and `key`, `metadata`, `reason` sort before `value` and
            // `variant`: the first three are written by the canonical writer, its closing brace
            // dropped, and the last two appended, so that the value can be written as OFREP needs.
            var evaluation = CanonicalJSON.encode(.object(JSONObject([
                ("key", .string(path)),
                ("metadata", .object(JSONObject([
                    ("skin", .string(skin)), ("type", token["type"] ?? .null), ("version", .number(Double(version))),
                ]))),
                ("reason", .string("STATIC")),
            ])))
            evaluation.removeLast()
            evaluation += Array(#","value":"#.utf8) + Self.valueBytes(value, type: token["type"]?.stringValue)
            evaluation += Array(#","variant":"#.utf8) + CanonicalJSON.encode(.string("\(skin)@\(version)")) + [UInt8(ascii: "}")]
            flags.append((path, evaluation))
        }
        self.flags = flags
        index = Dictionary(uniqueKeysWithValues: flags.enumerated().map { ($0.element.key, $0.offset) })
    }

    /// A token's value as an OFREP flag value's bytes.
    ///
    /// A `number` token is a double to OpenFeature's typed reads (`getDoubleValue`, Python's
    /// `get_float_value`), and the providers type-check the JSON they parse: a whole number
    /// written `2` reads as an integer and fails with `TYPE_MISMATCH`. So its value is written
    /// with a fraction or an exponent (`2.0`, `0.5`, `1e+21`) whatever it is; every other
    /// value, and every number inside one (a dimension's `value`), is canonical JSON.
    static func valueBytes(_ value: JSONValue, type: String?) -> [UInt8] {
        if case .array = value { return CanonicalJSON.encode(.object(JSONObject([("value", value)]))) }
        var bytes = CanonicalJSON.encode(value)
        if type == "number", case .number = value, !bytes.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }) {
            bytes += Array(".0".utf8)
        }
        return bytes
    }

    /// One flag's evaluation (its JSON bytes), nil when no token has that path.
    subscript(key: String) -> [UInt8]? {
        index[key].map { flags[$0].evaluation }
    }

    /// OFREP's `bulkEvaluationSuccess`: `{"flags": [...]}`.
    var bulk: [UInt8] {
        var bytes = Array(#"{"flags":["#.utf8)
        for (offset, flag) in flags.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += flag.evaluation
        }
        return bytes + Array("]}".utf8)
    }
}
