/// How a new version affects the apps that read the old one (docs/api.md, "Impact"):
/// the single word a release pipeline checks before it activates anything.
///
/// Ordered from harmless to harmful, so the impact of several findings is their maximum.
public enum DiffImpact: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Nothing a client reads differs.
    case none
    /// Only values changed: every token, style id and image id is still there with its type.
    case values
    /// Something appeared (a token, style id, image id or variant) and nothing broke.
    case additive
    /// A token, style id, image id or variant is gone, or a token changed its type: a build that
    /// reads it gets nothing or something it cannot decode.
    case breaking

    public static func < (lhs: DiffImpact, rhs: DiffImpact) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One finding that makes a diff `breaking`: what disappeared or changed its type, and where.
public struct BreakingChange: Sendable, Hashable {
    /// What kind of thing a build reads broke.
    public enum Kind: String, Sendable, Hashable {
        case token, style, image, variant
    }

    /// Why it breaks a reader.
    public enum Reason: String, Sendable, Hashable {
        /// It no longer exists (a style id no longer matches any rule, an image id no longer resolves).
        case removed
        /// A token of another type now stands at the same path.
        case retyped
    }

    public var kind: Kind
    /// The token path, style id, image name or variant name.
    public var path: String
    public var reason: Reason
    /// For `retyped`: the types before and after.
    public var oldType: TokenType?
    public var newType: TokenType?
    /// The selections (variant lists) where it breaks; empty for a variant, which is a selection itself.
    public var selections: [[String]]

    public init(
        kind: Kind, path: String, reason: Reason, oldType: TokenType? = nil, newType: TokenType? = nil, selections: [[String]] = []
    ) {
        self.kind = kind
        self.path = path
        self.reason = reason
        self.oldType = oldType
        self.newType = newType
        self.selections = selections
    }

    /// One sentence for people: `token color.tint was removed`.
    public var message: String {
        switch reason {
        case .removed: "\(kind.rawValue) \(path) was removed"
        case .retyped: "token \(path) changed type from \(oldType?.rawValue ?? "?") to \(newType?.rawValue ?? "?")"
        }
    }
}
