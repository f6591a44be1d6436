/// A component type: its supertype and the properties it declares itself (docs/skins.md, "Components, styles and rules").
///
/// Inherited properties are not copied in; `ComponentCatalog` walks `extends` to find them,
/// as G8's value appliers look a property up on the class and then its superclasses.
public struct ComponentDefinition: Sendable, Hashable {
    public var name: String
    /// The supertype's name (`Button` extends `Control`), or `nil` for a root type.
    public var extends: String?
    /// Property name → declared type, for the properties this type adds or redeclares.
    public var properties: [String: PropertyType]

    public init(name: String, extends: String? = nil, properties: [String: PropertyType] = [:]) {
        self.name = name
        self.extends = extends
        self.properties = properties
    }

    /// `{extends?, properties}` as written in `$livery.components` (and listed by `GET /v1/components`).
    public var json: JSONValue {
        var object = JSONObject()
        if let extends { object["extends"] = .string(extends) }
        object["properties"] = .object(JSONObject(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }))
        return .object(object)
    }
}
