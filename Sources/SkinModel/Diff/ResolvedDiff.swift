/// What changed between two resolved token sets (Bento's snapshots, here immutable versions):
/// the tokens added, removed and changed, each list sorted by path.
///
/// ```swift
/// let diff = ResolvedDiff.diff(from: v6.tokens, to: v7.tokens)
/// diff.changed.first // ("color.tint", old: .color(…), new: .color(…))
/// ```
///
/// Values compare as resolved, so a token rewritten in another notation with the same value
/// (`#36f` → `#3366ff`) is not a change.
public struct ResolvedDiff: Sendable, Hashable {
    /// A token present on one side only.
    public struct Entry: Sendable, Hashable {
        public var path: String
        public var value: TokenValue

        public init(path: String, value: TokenValue) {
            self.path = path
            self.value = value
        }
    }

    /// A token on both sides with different values.
    public struct Change: Sendable, Hashable {
        public var path: String
        public var old: TokenValue
        public var new: TokenValue

        public init(path: String, old: TokenValue, new: TokenValue) {
            self.path = path
            self.old = old
            self.new = new
        }
    }

    public var added: [Entry]
    public var removed: [Entry]
    public var changed: [Change]

    public init(added: [Entry] = [], removed: [Entry] = [], changed: [Change] = []) {
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    /// The differences from `old` to `new`.
    public static func diff(from old: [String: TokenValue], to new: [String: TokenValue]) -> ResolvedDiff {
        var diff = ResolvedDiff()
        for path in Set(old.keys).union(new.keys).sorted() {
            switch (old[path], new[path]) {
            case (nil, let value?): diff.added.append(Entry(path: path, value: value))
            case (let value?, nil): diff.removed.append(Entry(path: path, value: value))
            case (let before?, let after?) where before != after: diff.changed.append(Change(path: path, old: before, new: after))
            default: break
            }
        }
        return diff
    }

    /// The differences between two resolved skins' tokens, by value (provenance, descriptions and
    /// the other metadata do not count).
    public static func diff(from old: ResolvedTokens, to new: ResolvedTokens) -> ResolvedDiff {
        diff(from: old.mapValues(\.value), to: new.mapValues(\.value))
    }

    /// `{"added": {path: {type, value}}, "changed": {path: {"new": {type, value}, "old": {type, value}}},
    /// "removed": {path: {type, value}}}`, values in flat notation as in the resolved document.
    ///
    /// Objects keyed by path (not arrays) so a reader can look a token up; canonical output
    /// sorts the keys, which gives the path order.
    public var json: JSONValue {
        .object(JSONObject([
            ("added", .object(JSONObject(added.map { ($0.path, Self.json($0.value)) }))),
            ("changed", .object(JSONObject(changed.map { ($0.path, .object(JSONObject([("new", Self.json($0.new)), ("old", Self.json($0.old))]))) }))),
            ("removed", .object(JSONObject(removed.map { ($0.path, Self.json($0.value)) }))),
        ]))
    }

    /// A value as the flat document writes a token: `{type, value}`.
    static func json(_ value: TokenValue) -> JSONValue {
        .object(JSONObject([("type", .string(value.type.rawValue)), ("value", value.flatJSON)]))
    }
}
