/// What to resolve (docs/skins.md, "Inheritance and variants"): a lineage root → leaf, the requested variants in
/// request order, and the asset catalog that `sha256:` references resolve against.
public struct ResolutionRequest: Sendable, Hashable {
    /// Root first, the requested skin version last.
    public var lineage: [LineageEntry]
    public var variants: [String]
    /// Lower-case hex SHA-256 → asset description.
    public var assets: [String: AssetInfo]

    public init(lineage: [LineageEntry], variants: [String] = [], assets: [String: AssetInfo] = [:]) {
        self.lineage = lineage
        self.variants = variants
        self.assets = assets
    }

    /// A variant list in the one form every equal look shares: each name once, at its first
    /// occurrence. Resolution reads a list this way (a later repeat of a name adds no layer, so
    /// `dark,contrast,dark` is `dark,contrast`, where `contrast` wins), and the server keys its
    /// caches by the canonical list, so `v0` and `v0,v0` cost one resolution and one entry.
    public static func canonicalVariants(_ variants: [String]) -> [String] {
        guard variants.count > 1 else { return variants }
        var seen: Set<String> = []
        return variants.filter { seen.insert($0).inserted }
    }
}
