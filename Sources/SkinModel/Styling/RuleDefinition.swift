/// A rule from `$livery.rules` (docs/skins.md, "Components, styles and rules"): `{selector, style?, properties?}`.
public struct RuleDefinition: Sendable, Hashable {
    public var selector: StyleSelector
    /// A named style applied under the rule's own properties.
    public var style: String?
    /// The rule's own assignments; they win over the style's.
    public var properties: [PropertyAssignment]
    /// `$livery.rules[2]`, for diagnostics.
    public var path: String

    public init(selector: StyleSelector, style: String? = nil, properties: [PropertyAssignment] = [], path: String) {
        self.selector = selector
        self.style = style
        self.properties = properties
        self.path = path
    }
}
