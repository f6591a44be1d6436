/// The styling of a resolved skin: named styles, rules, images and the skin's own component
/// types, every value resolved against the skin's final tokens.
///
/// Built by `StyleSheetResolver.resolve` on the server and by `ResolvedDocument` on a
/// client; both answer `match(id:variants:)` and `image(for:variants:)` the same way.
public struct ResolvedStyling: Sendable, Hashable {
    /// Style name → resolved style.
    public var styles: [String: ResolvedStyle]
    /// In document order (lineage root to leaf): order breaks ties.
    public var rules: [ResolvedRule]
    /// Image name → asset.
    public var images: [String: AssetInfo]
    /// The component types the skin's lineage declared (added or extended), merged; not the built-ins.
    public var components: [String: ComponentDefinition]

    public init(
        styles: [String: ResolvedStyle] = [:], rules: [ResolvedRule] = [], images: [String: AssetInfo] = [:],
        components: [String: ComponentDefinition] = [:]
    ) {
        self.styles = styles
        self.rules = rules
        self.images = images
        self.components = components
    }

    /// No styles, rules, images or components.
    public static let empty = ResolvedStyling()
}
