/// What a named style and an inline style object have in common: `{component?, extends?, properties}`.
public struct StyleBody: Sendable, Hashable {
    /// The component type the properties are checked against; `nil` leaves them unchecked
    /// (or takes the type from `extends`).
    public var component: String?
    /// A named style whose properties this one starts from (its own win).
    public var extends: String?
    /// The assignments in document order.
    public var properties: [PropertyAssignment]
    /// Where the style was written (`$livery.styles.title`), for diagnostics.
    public var path: String

    public init(component: String? = nil, extends: String? = nil, properties: [PropertyAssignment] = [], path: String) {
        self.component = component
        self.extends = extends
        self.properties = properties
        self.path = path
    }
}
