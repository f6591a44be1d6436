/// A JSON value as Livery reads and writes it.
///
/// Objects keep their members in document order (`JSONObject`), because a skin
/// document's order matters in places (rules are evaluated in order, and
/// diagnostics read best in the order the designer wrote them); canonical
/// output sorts keys anyway. Numbers are `Double`: design tokens never need
/// integers beyond 2^53, and canonical output prints the shortest round-trip form.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// Member lookup on objects; `nil` for other values.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}
