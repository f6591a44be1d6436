/// A fully resolved skin: every token's final value, the styling, and what it was
/// resolved from. Render it with `document(format:explain:channel:)` or `canonicalBytes(…)`.
public struct ResolvedSkin: Sendable, Hashable {
    /// The requested skin (the leaf of the lineage).
    public var skin: String
    public var version: Int
    /// `["base@3", "app@7"]`, root first.
    public var lineage: [String]
    /// The variants applied, in request order.
    public var variants: [String]
    /// In path order (see `ResolvedTokens`).
    public var tokens: ResolvedTokens
    public var styling: ResolvedStyling
    /// Findings that did not stop resolution (colours clipped into sRGB, styling warnings), one per kind (docs/skins.md, "What tool exports may contain").
    public var warnings: [Diagnostic]
    /// Group path → group metadata (`$description`, `$deprecated`, `$extensions`, other members)
    /// from the lineage, later skins winning member by member; written by `format=dtcg` only.
    public var groups: [String: JSONObject] = [:]
    /// Token and group path → its names where a name holds a `.` (`opacities.0.25` is `opacities` ›
    /// `0.25`, docs/skins.md, "What tool exports may contain" `dotted-name`), from the lineage; `format=dtcg` writes each name as its own key.
    public var dottedNames: [String: [String]] = [:]

    public init(
        skin: String, version: Int, lineage: [String], variants: [String], tokens: ResolvedTokens,
        styling: ResolvedStyling, warnings: [Diagnostic] = []
    ) {
        self.skin = skin
        self.version = version
        self.lineage = lineage
        self.variants = variants
        self.tokens = tokens
        self.styling = styling
        self.warnings = warnings
    }
}
