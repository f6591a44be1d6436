/// What changed between two versions of a skin over every selection a client can ask for
/// (docs/api.md, "Diff"): the base look, each variant, each combination of one context per axis
/// of a token set — the selections the contrast gate checks. A change made only under a dark
/// theme is named with the selections it appears in, never hidden behind an unchanged base look.
///
/// ```swift
/// let diff = SkinDiff.compare([SkinDiff.Comparison(selection: ["theme:dark"], old: v2Dark, new: v3Dark)])
/// diff.tokens.first?.selections // [["theme:dark"]]
/// diff.impact                   // .values
/// ```
///
/// Pure: the caller resolves each selection of both versions (the server from its caches).
public struct SkinDiff: Sendable, Hashable {
    /// One selection resolved on both sides.
    public struct Comparison: Sendable {
        public var selection: [String]
        public var old: ResolvedSkin
        public var new: ResolvedSkin

        public init(selection: [String], old: ResolvedSkin, new: ResolvedSkin) {
            self.selection = selection
            self.old = old
            self.new = new
        }
    }

    /// A token added (`old` nil), removed (`new` nil) or changed, with the selections where
    /// exactly this change appears.
    public struct TokenChange: Sendable, Hashable {
        public var path: String
        public var old: TokenValue?
        public var new: TokenValue?
        public var selections: [[String]]

        public init(path: String, old: TokenValue?, new: TokenValue?, selections: [[String]]) {
            self.path = path
            self.old = old
            self.new = new
            self.selections = selections
        }
    }

    /// A style id (an element id some rule matches) or image id that appeared or disappeared.
    public struct IdentifierChange: Sendable, Hashable {
        public var id: String
        public var added: Bool
        public var selections: [[String]]
    }

    /// The selections compared, base look first.
    public var selections: [[String]] = []
    /// Selections only the new version declares (a variant or context added).
    public var selectionsAdded: [[String]] = []
    /// Selections only the old version declares: a client asking for one now gets a 400.
    public var selectionsRemoved: [[String]] = []
    /// By path, then by the first selection each change appears in.
    public var tokens: [TokenChange] = []
    public var styles: [IdentifierChange] = []
    public var images: [IdentifierChange] = []
    /// What makes the diff `breaking`, tokens first, then styles, images, variants.
    public var breaking: [BreakingChange] = []

    public init() {}

    /// `breaking` when anything breaks a reader, `additive` when something appeared, `values`
    /// when only values changed, else `none`.
    public var impact: DiffImpact {
        if !breaking.isEmpty { return .breaking }
        if tokens.contains(where: { $0.old == nil }) || styles.contains(where: \.added) || images.contains(where: \.added)
            || !selectionsAdded.isEmpty
        {
            return .additive
        }
        return tokens.isEmpty && styles.isEmpty && images.isEmpty ? .none : .values
    }

    /// Compares each selection's two resolutions and gathers the changes across them.
    ///
    /// - Parameters:
    ///   - comparisons: the selections both versions declare, base look first.
    ///   - selectionsAdded: selections only the new version declares.
    ///   - selectionsRemoved: selections only the old version declares (breaking: `variant`).
    public static func compare(
        _ comparisons: [Comparison], selectionsAdded: [[String]] = [], selectionsRemoved: [[String]] = []
    ) -> SkinDiff {
        var diff = SkinDiff()
        diff.selections = comparisons.map(\.selection)
        diff.selectionsAdded = selectionsAdded
        diff.selectionsRemoved = selectionsRemoved
        var tokens = Gathered<TokenKey>(), styles = Gathered<IdentifierKey>(), images = Gathered<IdentifierKey>()
        for comparison in comparisons {
            let selection = comparison.selection
            let tokenDiff = ResolvedDiff.diff(from: comparison.old.tokens, to: comparison.new.tokens)
            for entry in tokenDiff.added { tokens.add(TokenKey(path: entry.path, old: nil, new: entry.value), selection) }
            for entry in tokenDiff.removed { tokens.add(TokenKey(path: entry.path, old: entry.value, new: nil), selection) }
            for change in tokenDiff.changed { tokens.add(TokenKey(path: change.path, old: change.old, new: change.new), selection) }
            let (old, new) = (comparison.old.styling, comparison.new.styling)
            for id in Self.styleIDs(old) where new.match(id: id, variants: selection) == nil {
                styles.add(IdentifierKey(id: id, added: false), selection)
            }
            for id in Self.styleIDs(new) where old.match(id: id, variants: selection) == nil {
                styles.add(IdentifierKey(id: id, added: true), selection)
            }
            for id in old.images.keys where new.image(for: id, variants: selection) == nil {
                images.add(IdentifierKey(id: id, added: false), selection)
            }
            for id in new.images.keys where old.image(for: id, variants: selection) == nil {
                images.add(IdentifierKey(id: id, added: true), selection)
            }
        }
        diff.tokens = tokens.ordered { ($0.path, $0.rank) < ($1.path, $1.rank) }.map { TokenChange(path: $0.key.path, old: $0.key.old, new: $0.key.new, selections: $0.selections) }
        diff.styles = styles.ordered { $0.id < $1.id }.map { IdentifierChange(id: $0.key.id, added: $0.key.added, selections: $0.selections) }
        diff.images = images.ordered { $0.id < $1.id }.map { IdentifierChange(id: $0.key.id, added: $0.key.added, selections: $0.selections) }
        diff.breaking = Self.breaking(diff)
        return diff
    }

    /// The element ids a styling answers for: its rules' selectors that name no wildcard, state or
    /// theme (`checkout/header/title`), the ids an app asks for.
    public static func styleIDs(_ styling: ResolvedStyling) -> Set<String> {
        var ids = Set<String>()
        for rule in styling.rules where rule.selector.theme == nil && rule.selector.atom.state == nil {
            guard rule.selector.components.allSatisfy({ if case .name(_, nil) = $0 { true } else { false } }) else { continue }
            ids.insert(rule.selector.description)
        }
        return ids
    }

    /// Removals and type changes, each path once with every selection it breaks in.
    private static func breaking(_ diff: SkinDiff) -> [BreakingChange] {
        var found = Gathered<BreakingChange>()
        for change in diff.tokens {
            guard let old = change.old else { continue }
            let entry: BreakingChange
            if let new = change.new {
                guard old.type != new.type else { continue }
                entry = BreakingChange(kind: .token, path: change.path, reason: .retyped, oldType: old.type, newType: new.type)
            } else {
                entry = BreakingChange(kind: .token, path: change.path, reason: .removed)
            }
            for selection in change.selections { found.add(entry, selection) }
        }
        for change in diff.styles where !change.added {
            for selection in change.selections { found.add(BreakingChange(kind: .style, path: change.id, reason: .removed), selection) }
        }
        for change in diff.images where !change.added {
            for selection in change.selections { found.add(BreakingChange(kind: .image, path: change.id, reason: .removed), selection) }
        }
        var entries = found.ordered { _, _ in false }.map { gathered in
            var entry = gathered.key
            entry.selections = gathered.selections
            return entry
        }
        for selection in diff.selectionsRemoved {
            entries.append(BreakingChange(kind: .variant, path: selection.joined(separator: ","), reason: .removed))
        }
        return entries
    }
}
