/// An ordered JSON object: member names in document order, unique.
///
/// Most objects in design tokens are small (`{"$type", "$value"}`, a colour's four members, a
/// dimension's two), and there are thousands of them: a hash table each made parsing and
/// reading them mostly hashing and allocation. Members are kept in two parallel arrays and
/// found by a linear scan; an object past ``indexThreshold`` members (a large group) also keeps
/// a name → position table, so lookups stay constant-time there.
public struct JSONObject: Sendable, Hashable {
    /// Member names in insertion (document) order.
    public private(set) var keys: [String]
    /// Member values, in the order of `keys`.
    private var values: [JSONValue]
    /// Name → position in `keys`, kept only past `indexThreshold` members.
    private var positions: [String: Int]?

    /// Above this many members, lookups go through a hash table instead of a scan.
    static let indexThreshold = 16

    public init() {
        keys = []
        values = []
    }

    /// Builds an object from pairs; a later duplicate name replaces the earlier value in place.
    public init(_ pairs: [(String, JSONValue)]) {
        self.init()
        keys.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// Where a member sits in `keys`, or nil.
    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        for index in keys.indices where keys[index] == key { return index }
        return nil
    }

    /// Reads or writes a member; writing `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let index = position(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                    positions = nil
                    indexIfLarge()
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if positions != nil {
                    positions![key] = keys.count - 1
                } else {
                    indexIfLarge()
                }
            }
        }
    }

    private mutating func indexIfLarge() {
        guard positions == nil, keys.count > Self.indexThreshold else { return }
        var table: [String: Int] = [:]
        table.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() { table[key] = index }
        positions = table
    }

    /// Members in document order.
    public var members: [(key: String, value: JSONValue)] {
        keys.indices.map { (keys[$0], values[$0]) }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        // Order is presentation, not content: two objects with the same members are equal.
        guard lhs.keys.count == rhs.keys.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for index in lhs.keys.indices where rhs[lhs.keys[index]] != lhs.values[index] { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Independent of member order, as `==` is: combine the members' own hashes commutatively.
        var combined = 0
        for index in keys.indices {
            var member = Hasher()
            member.combine(keys[index])
            member.combine(values[index])
            combined ^= member.finalize()
        }
        hasher.combine(keys.count)
        hasher.combine(combined)
    }
}
