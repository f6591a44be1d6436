import Testing
@testable import SkinModel

@Suite("Component catalog")
struct ComponentCatalogTests {
    let catalog = ComponentCatalog.builtIn

    @Test("the built-in catalog has the documented types at least", arguments: [
        "View", "Label", "Button", "TextField", "Image", "NavigationBar", "TabBar", "Toolbar", "SearchBar",
        "Switch", "Slider", "SegmentedControl", "ProgressView", "TableView", "ScrollView",
    ])
    func specTypes(name: String) {
        #expect(catalog.definition(named: name) != nil)
        #expect(catalog.lineage(of: name).last == "View")
    }

    @Test("supertype lookup", arguments: [
        ("View", "backgroundColor", PropertyType.token(.color)),
        ("Button", "backgroundColor", .token(.color)),  // Button → Control → View
        ("Button", "cornerRadius", .token(.dimension)),
        ("Button", "alpha", .token(.number)),
        ("Button", "contentHorizontalAlignment", .enumeration(["center", "left", "right", "fill", "leading", "trailing"])),
        ("Label", "textAlignment", .enumeration(["left", "center", "right", "justified", "natural"])),
        ("Label", "font", .token(.typography)),
        ("Label", "isHidden", .token(.boolean)),
        ("NavigationBar", "isTranslucent", .token(.boolean)),
        ("NavigationBar", "barStyle", .enumeration(["default", "black"])),
        ("Image", "image", .token(.asset)),
        ("Image", "contentMode", ComponentCatalog.contentMode),
        ("TableView", "bounces", .token(.boolean)),  // TableView → ScrollView → View
        ("TableView", "contentInsets", .token(.dimension)),
        ("Button", "titleLabel", .component("Label")),
        ("SearchBar", "searchTextField", .component("TextField")),
    ] as [(String, String, PropertyType)])
    func lookup(component: String, property: String, type: PropertyType) {
        #expect(catalog.propertyType(component: component, property: property) == type)
    }

    @Test("unknown properties and components give nil")
    func unknowns() {
        #expect(catalog.propertyType(component: "Label", property: "onTintColor") == nil)
        #expect(catalog.propertyType(component: "Nope", property: "alpha") == nil)
        #expect(catalog.isSubtype("Button", of: "View"))
        #expect(catalog.isSubtype("Button", of: "Control"))
        #expect(!catalog.isSubtype("Label", of: "Button"))
        #expect(catalog.allProperties(of: "Button")["alpha"] == .token(.number))
    }

    @Test("key paths resolve through component-typed properties", arguments: [
        ("Button", "titleLabel.textColor", ComponentCatalog.KeyPathLookup.found(.token(.color))),
        ("Button", "titleLabel.alpha", .found(.token(.number))),
        ("SearchBar", "searchTextField.placeholderColor", .found(.token(.color))),
        ("Button", "titleLabel", .found(.component("Label"))),
        ("View", "label1.textColor", .unknown(prefix: "label1", component: "View")),
        ("Button", "titleLabel.onTintColor", .unknown(prefix: "titleLabel.onTintColor", component: "Label")),
        ("Label", "textColor.red", .notAComponent(prefix: "textColor", type: .token(.color))),
    ])
    func keyPaths(component: String, keyPath: String, expected: ComponentCatalog.KeyPathLookup) {
        #expect(catalog.lookup(component: component, keyPath: keyPath) == expected)
    }

    @Test("a skin adds types and extends existing ones, property by property")
    func merging() {
        let merged = catalog.merging([
            ComponentDefinition(name: "Card", extends: "View", properties: ["elevation": .token(.number), "title": .component("Label")]),
            ComponentDefinition(name: "Label", properties: ["shadowBlur": .token(.dimension)]),
        ])
        #expect(merged.propertyType(component: "Card", property: "backgroundColor") == .token(.color))
        #expect(merged.lookup(component: "Card", keyPath: "title.textColor") == .found(.token(.color)))
        #expect(merged.propertyType(component: "Label", property: "shadowBlur") == .token(.dimension))
        #expect(merged.propertyType(component: "Label", property: "textColor") == .token(.color))
        #expect(merged.definition(named: "Label")?.extends == "View")
    }

    @Test("supertype cycles cannot hang a lookup")
    func cycleSafe() {
        let looped = ComponentCatalog([
            ComponentDefinition(name: "A", extends: "B"), ComponentDefinition(name: "B", extends: "A"),
        ])
        #expect(looped.lineage(of: "A") == ["A", "B"])
        #expect(looped.propertyType(component: "A", property: "x") == nil)
    }

    @Test("json lists every type as {extends?, properties}, the shape a skin writes")
    func json() throws {
        let json = catalog.json
        let object = try #require(json.objectValue)
        #expect(object.keys == object.keys.sorted())
        #expect(object["View"]?["extends"] == nil)
        #expect(object["Button"]?["extends"] == .string("Control"))
        #expect(object["Label"]?["properties"]?["textColor"] == .string("color"))
        #expect(object["Button"]?["properties"]?["titleLabel"] == .string("Label"))
        #expect(object["Label"]?["properties"]?["textAlignment"]?["enum"] == .array(["left", "center", "right", "justified", "natural"].map(JSONValue.string)))
        // Every listed type reads back through the same parser a skin's components go through.
        let (section, diagnostics) = LiverySection.parse(JSONObject([("components", json)]))
        #expect(diagnostics.isEmpty)
        #expect(ComponentCatalog(section.components) == catalog)
    }
}
