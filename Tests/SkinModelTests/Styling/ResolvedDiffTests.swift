import Testing
@testable import SkinModel

@Suite("Resolved diff")
struct ResolvedDiffTests {
    static let tint = TokenValue.color(RGBAColor(red: 0.2, green: 0.4, blue: 1))
    static let red = TokenValue.color(RGBAColor(red: 1, green: 0, blue: 0))

    @Test("added, removed and changed, each sorted by path; equal values are not changes")
    func diff() {
        let old: [String: TokenValue] = [
            "color.tint": Self.tint, "size.corner": .dimension(Dimension(8, .px)), "z.gone": .boolean(true), "a.gone": .number(1),
            "same": .string("x"),
        ]
        let new: [String: TokenValue] = [
            "color.tint": Self.red, "size.corner": .dimension(Dimension(8, .rem)), "b.new": .number(2), "a.new": .string("y"),
            "same": .string("x"),
        ]
        let diff = ResolvedDiff.diff(from: old, to: new)
        #expect(diff.added == [.init(path: "a.new", value: .string("y")), .init(path: "b.new", value: .number(2))])
        #expect(diff.removed == [.init(path: "a.gone", value: .number(1)), .init(path: "z.gone", value: .boolean(true))])
        #expect(diff.changed == [
            .init(path: "color.tint", old: Self.tint, new: Self.red),
            .init(path: "size.corner", old: .dimension(Dimension(8, .px)), new: .dimension(Dimension(8, .rem))),
        ])
        #expect(!diff.isEmpty)
        #expect(ResolvedDiff.diff(from: old, to: old).isEmpty)
        #expect(ResolvedDiff.diff(from: [:], to: [:]) == ResolvedDiff())
    }

    @Test("reversing the sides swaps added and removed and old and new")
    func symmetry() {
        let a: [String: TokenValue] = ["x": .number(1), "y": .number(2)]
        let b: [String: TokenValue] = ["y": .number(3), "z": .number(4)]
        let forward = ResolvedDiff.diff(from: a, to: b)
        let backward = ResolvedDiff.diff(from: b, to: a)
        #expect(forward.added == backward.removed)
        #expect(forward.removed == backward.added)
        #expect(forward.changed.map { ResolvedDiff.Change(path: $0.path, old: $0.new, new: $0.old) } == backward.changed)
    }

    @Test("resolved skins' tokens compare by value: another layer or description is no change")
    func resolvedTokens() {
        func token(_ value: TokenValue, _ layer: String, _ description: String? = nil) -> ResolvedToken {
            ResolvedToken(type: value.type, value: value, description: description, provenance: TokenProvenance(layer: layer, references: []))
        }
        let old: ResolvedTokens = ["a": token(.number(1), "base@1"), "b": token(.number(2), "base@1")]
        let same: ResolvedTokens = ["a": token(.number(1), "app@2", "moved"), "b": token(.number(2), "base@1")]
        #expect(ResolvedDiff.diff(from: old, to: same).isEmpty)
        let changed: ResolvedTokens = ["a": token(.number(1), "app@2"), "b": token(.number(3), "base@1")]
        #expect(ResolvedDiff.diff(from: old, to: changed).changed == [ResolvedDiff.Change(path: "b", old: .number(2), new: .number(3))])
    }

    @Test("json: objects keyed by path with {type, value} in flat notation")
    func json() {
        let diff = ResolvedDiff.diff(from: ["color.tint": Self.tint, "old": .boolean(false)], to: ["color.tint": Self.red, "new": .number(2)])
        let expected: L = [
            "added": ["new": ["type": "number", "value": 2]],
            "changed": ["color.tint": ["new": ["type": "color", "value": "#ff0000ff"], "old": ["type": "color", "value": "#3366ffff"]]],
            "removed": ["old": ["type": "boolean", "value": false]],
        ]
        #expect(diff.json == expected.json)
    }
}
