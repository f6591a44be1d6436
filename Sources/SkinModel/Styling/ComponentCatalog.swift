/// The component types styles are checked against: the built-in catalog, plus the types a
/// skin adds or extends (docs/skins.md, "Components, styles and rules").
///
/// Lookups walk the supertype chain (`Button` → `Control` → `View`), so a property declared
/// on `View` is found for every component. Chains are followed with a visited set, so a
/// cycle (reported by the style-sheet resolver) cannot hang a lookup.
///
/// ```swift
/// let catalog = ComponentCatalog.builtIn
/// catalog.propertyType(component: "Button", property: "backgroundColor") // .token(.color), from View
/// ```
public struct ComponentCatalog: Sendable, Hashable {
    /// Every type by name.
    public private(set) var components: [String: ComponentDefinition]

    public init(_ definitions: [ComponentDefinition] = []) {
        components = [:]
        for definition in definitions { components[definition.name] = definition }
    }

    public func definition(named name: String) -> ComponentDefinition? { components[name] }

    /// `name` followed by its supertypes, nearest first; stops at an unknown name or a cycle.
    public func lineage(of name: String) -> [String] {
        var chain: [String] = []
        var next: String? = name
        while let current = next, components[current] != nil, !chain.contains(current) {
            chain.append(current)
            next = components[current]?.extends
        }
        return chain
    }

    /// Whether `name` is `ancestor` or inherits from it.
    public func isSubtype(_ name: String, of ancestor: String) -> Bool {
        lineage(of: name).contains(ancestor)
    }

    /// The declared type of `property` on `component` or its nearest supertype declaring it.
    public func propertyType(component: String, property: String) -> PropertyType? {
        for name in lineage(of: component) {
            if let type = components[name]?.properties[property] { return type }
        }
        return nil
    }

    /// Every property a component has, inherited ones included (nearer declarations win).
    public func allProperties(of component: String) -> [String: PropertyType] {
        var result: [String: PropertyType] = [:]
        for name in lineage(of: component).reversed() {
            result.merge(components[name]?.properties ?? [:]) { _, nearer in nearer }
        }
        return result
    }

    /// This catalog with `definitions` laid over it: a new name adds a type; an existing name
    /// gains the definition's properties (later wins per property) and, if given, its supertype.
    ///
    /// Merging per property rather than replacing the type lets a skin "extend" a built-in
    /// type (add `Label.shadowBlur`) without restating it. The style-sheet resolver reports
    /// changes that would break clients (a property's type or a type's supertype changed).
    public func merging(_ definitions: [ComponentDefinition]) -> ComponentCatalog {
        var merged = self
        for definition in definitions { merged.merge(definition) }
        return merged
    }

    mutating func merge(_ definition: ComponentDefinition) {
        guard var existing = components[definition.name] else {
            components[definition.name] = definition
            return
        }
        if let extends = definition.extends { existing.extends = extends }
        existing.properties.merge(definition.properties) { _, later in later }
        components[definition.name] = existing
    }

    /// `GET /v1/components`: component name → `{extends?, properties}`, the same shape a skin
    /// writes in `$livery.components`, so a designer can copy a type and extend it.
    public var json: JSONValue {
        .object(JSONObject(components.keys.sorted().map { ($0, components[$0]!.json) }))
    }
}
