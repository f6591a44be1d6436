import Testing
@testable import SkinModel

/// `JSONObject` keeps small objects as arrays and indexes large ones: both forms must behave
/// the same (order kept, lookups, replacement, removal, order-independent equality and hash).
@Suite("JSON object")
struct JSONObjectTests {
    /// An object of `count` members `k0…`, with values equal to their position.
    private func object(_ count: Int) -> JSONObject {
        JSONObject((0..<count).map { ("k\($0)", .number(Double($0))) })
    }

    @Test("members, lookups and replacement below and above the index threshold", arguments: [3, JSONObject.indexThreshold, JSONObject.indexThreshold + 1, 200])
    func lookups(count: Int) {
        var members = object(count)
        #expect(members.count == count)
        #expect(members.keys == (0..<count).map { "k\($0)" })
        #expect((0..<count).allSatisfy { members["k\($0)"] == .number(Double($0)) })
        #expect(members["k\(count)"] == nil)
        members["k1"] = .string("replaced")
        #expect(members.keys[1] == "k1" && members.count == count)
        #expect(members["k1"] == .string("replaced"))
        members["new"] = .bool(true)
        #expect(members.keys.last == "new" && members["new"] == .bool(true))
        #expect(members.members.map(\.key) == members.keys)
    }

    @Test("removing a member keeps the order and every other lookup, in small and indexed objects", arguments: [5, 40])
    func removal(count: Int) {
        var members = object(count)
        members["k2"] = nil
        members["absent"] = nil
        #expect(members.count == count - 1)
        #expect(members["k2"] == nil)
        #expect(members.keys == (0..<count).filter { $0 != 2 }.map { "k\($0)" })
        #expect((0..<count).filter { $0 != 2 }.allSatisfy { members["k\($0)"] == .number(Double($0)) })
        members["k2"] = .null
        #expect(members.keys.last == "k2" && members["k2"] == .null)
    }

    @Test("a duplicate name in the pairs replaces the earlier value in place")
    func duplicatePairs() {
        let members = JSONObject([("a", .number(1)), ("b", .number(2)), ("a", .number(3))])
        #expect(members.keys == ["a", "b"])
        #expect(members["a"] == .number(3))
    }

    @Test("equality and hash ignore member order, not member values", arguments: [4, 30])
    func orderIndependentEquality(count: Int) {
        let forward = object(count)
        let backward = JSONObject(forward.members.reversed().map { ($0.key, $0.value) })
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(Set([JSONValue.object(forward), .object(backward)]).count == 1)
        var changed = backward
        changed["k0"] = .number(-1)
        #expect(forward != changed)
        var renamed = forward
        renamed["k0"] = nil
        renamed["other"] = .number(0)
        #expect(forward != renamed)
        #expect(object(count) != object(count + 1))
    }
}
