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
}
