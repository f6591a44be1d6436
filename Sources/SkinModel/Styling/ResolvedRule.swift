/// A rule after resolution: its selector, the style it named, and the effective properties
/// (the style's, overridden by the rule's own), resolved.
public struct ResolvedRule: Sendable, Hashable {
    public var selector: StyleSelector
    /// The named style the rule applied, kept for the reader; its properties are already in `properties`.
    public var style: String?
    /// Key path → resolved value.
    public var properties: [String: TokenValue]

    public init(selector: StyleSelector, style: String? = nil, properties: [String: TokenValue] = [:]) {
        self.selector = selector
        self.style = style
        self.properties = properties
    }
}
