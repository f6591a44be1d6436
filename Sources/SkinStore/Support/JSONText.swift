import Foundation
/// Builds the small JSON objects of `audit_log.detail`.
///
/// Hand-rolled rather than `JSONEncoder` so the output is deterministic (members in the order
/// given) and the store needs no Codable types for a handful of scalar fields.
enum JSONText {
    /// A JSON scalar.
    enum Value: Sendable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case null
        /// An array of strings.
        case strings([String])

        /// `.null` for nil.
        static func optional(_ value: Int?) -> Value { value.map(Value.int) ?? .null }
        /// `.null` for nil.
        static func optional(_ value: String?) -> Value { value.map(Value.string) ?? .null }
    }

    /// `{"key":value,…}` with members in the given order.
    static func object(_ members: KeyValuePairs<String, Value>) -> String {
        object(Array(members))
    }

    /// `{"key":value,…}` with members in the given order.
    static func object(_ members: [(key: String, value: Value)]) -> String {
        var text = "{"
        for (index, member) in members.enumerated() {
            if index > 0 { text += "," }
            text += quoted(member.key) + ":" + encode(member.value)
        }
        return text + "}"
    }

    private static func encode(_ value: Value) -> String {
        switch value {
        case .string(let string): quoted(string)
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .strings(let strings): "[" + strings.map(quoted).joined(separator: ",") + "]"
        }
    }

    /// `["a","b"]`.
    static func array(_ strings: [String]) -> String {
        "[" + strings.map(quoted).joined(separator: ",") + "]"
    }

    /// The strings of a JSON array of strings as ``array(_:)`` writes it (anything else: none).
    static func stringArray(_ text: String) -> [String] {
        guard let data = text.data(using: .utf8),
            let strings = try? JSONSerialization.jsonObject(with: data) as? [String]
        else { return [] }
        return strings
    }

    /// A JSON string literal, escaping `"`, `\` and control characters (RFC 8259 §7).
    static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
