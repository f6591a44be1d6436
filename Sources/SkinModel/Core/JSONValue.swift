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

/// An ordered JSON object: member names in document order, unique.
public struct JSONObject: Sendable, Hashable {
    /// Member names in insertion (document) order.
    public private(set) var keys: [String]
    private var storage: [String: JSONValue]

    public init() {
        keys = []
        storage = [:]
    }

    /// Builds an object from pairs; a later duplicate name replaces the earlier value in place.
    public init(_ pairs: [(String, JSONValue)]) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// Reads or writes a member; writing `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// Members in document order.
    public var members: [(key: String, value: JSONValue)] {
        keys.map { ($0, storage[$0]!) }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        // Order is presentation, not content: two objects with the same members are equal.
        lhs.storage == rhs.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
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
