/// How well a rule's selector matches an element (docs/skins.md, "Components, styles and rules"); greater is better.
///
/// Compared in order: a requested theme outranks everything unthemed, then an exact match of
/// the whole identifier outranks every other, then the weighted `specificity`. Two rules
/// with equal ranks are ordered by position (the later rule wins), which `RuleRank` leaves to
/// the caller because it is a property of the rule list, not of the selector.
public struct RuleRank: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The selector names a theme that the request asked for.
    public var isThemed: Bool
    /// The selector is the element's identifier, component for component, states included.
    public var isExact: Bool
    /// The weighted sum: atom 1 (+1 for a matched atom state); for the element component
    /// `k` steps out from the atom (k = 1 innermost) with `w = 4^(n+1-k)`, a matched name adds
    /// `w/2` and a matched state `w`; `*` adds nothing.
    public var specificity: Double

    public init(isThemed: Bool = false, isExact: Bool = false, specificity: Double) {
        self.isThemed = isThemed
        self.isExact = isExact
        self.specificity = specificity
    }

    public static func < (lhs: RuleRank, rhs: RuleRank) -> Bool {
        if lhs.isThemed != rhs.isThemed { return !lhs.isThemed }
        if lhs.isExact != rhs.isExact { return !lhs.isExact }
        return lhs.specificity < rhs.specificity
    }

    public var description: String {
        (isThemed ? "themed " : "") + (isExact ? "exact " : "") + "\(specificity)"
    }
}
