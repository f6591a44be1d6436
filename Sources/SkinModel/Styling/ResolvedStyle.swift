/// A named style after resolution: its component and every property resolved to a value.
///
/// `extends`, `{"$style": …}` references and inline styles are flattened away: a nested
/// style's properties appear under their key paths (`titleLabel.font`), so a client applies
/// a style by walking each key path, and values compare and diff like tokens.
public struct ResolvedStyle: Sendable, Hashable {
    public var component: String?
    /// Key path → resolved value.
    public var properties: [String: TokenValue]

    public init(component: String? = nil, properties: [String: TokenValue] = [:]) {
        self.component = component
        self.properties = properties
    }
}
