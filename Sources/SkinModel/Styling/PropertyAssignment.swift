/// One `"key": value` member of a style's or rule's `properties`.
public struct PropertyAssignment: Sendable, Hashable {
    /// A property name or a dotted key path into nested components (`"titleLabel.textColor"`).
    public var keyPath: String
    public var value: StyleValue
    /// Where it was written (`$livery.styles.title.properties.font`), for diagnostics.
    public var path: String

    public init(keyPath: String, value: StyleValue, path: String) {
        self.keyPath = keyPath
        self.value = value
        self.path = path
    }
}
