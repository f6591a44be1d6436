extension JSONValue {
    /// A short rendering for diagnostics: scalars as written, containers by kind, so a message
    /// names the offending text without dumping a whole object.
    var brief: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        case .string(let string): "\"\(string)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
