import Testing
@testable import SkinModel

@Suite("Style sheet resolution")
struct StyleSheetResolverTests {
    static let tint = RGBAColor(red: 0.2, green: 0.4, blue: 1)
    static let text = RGBAColor(red: 0, green: 0, blue: 0)
    static let bold = Typography(fontFamily: .single("Open Sans"), fontSize: Dimension(17, .px), fontWeight: 700)
    static let body = Typography(fontFamily: .single("Open Sans"), fontSize: Dimension(15, .px))
    static let sha = String(repeating: "ab", count: 32)
    static let asset = AssetInfo(sha256: sha, url: "/v1/assets/\(sha)", contentType: "image/png", bytes: 1234)

    static let values = FakeValueResolver(
        tokens: [
            "color.tint": .color(tint), "color.text": .color(text), "font.bold": .typography(bold),
            "font.body": .typography(body), "size.corner": .dimension(Dimension(8, .px)),
            "align.main": .string("center"), "icons.search": .asset(asset),
        ],
        assets: [sha: asset])

    static func resolve(_ liveries: L..., variants: [String] = [], values: FakeValueResolver = values) -> (ResolvedStyling, SkinProblems) {
        var sections: [LiverySection] = []
        for livery in liveries {
            let (section, diagnostics) = LiverySection.parse(livery.object)
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            sections.append(section)
        }
        return StyleSheetResolver.resolve(sections: sections, variants: variants, values: values)
    }

    static func summary(_ problems: SkinProblems) -> [String] {
        (problems.errors + problems.warnings).map { "\($0.severity) \($0.code.rawValue) \($0.path)" }
    }

    @Test("the documented $livery example resolves cleanly (its elided sha256 values written out)")
    func specExample() throws {
        let other = String(repeating: "0b", count: 32)
        var values = Self.values
        values.assets[other] = AssetInfo(sha256: other, url: "/v1/assets/\(other)", contentType: "image/png", bytes: 9)
        let livery: L = [
            "extends": "base",
            "variants": ["dark": ["color": ["text": ["$value": "#ffffff"], "background": ["$value": "#000"]]]],
            "images": ["*_searchbar_image": L(stringLiteral: "sha256:" + Self.sha), "client_searchbar_image": L(stringLiteral: "sha256:" + other)],
            "components": ["Label": ["extends": "View", "properties": ["textColor": "color", "font": "typography"]]],
            "styles": ["boldLabel": ["component": "Label", "properties": ["font": "{font.bold}"]]],
            "rules": [["selector": "*/clientlistitem/body", "style": "boldLabel"]],
        ]
        let (styling, problems) = Self.resolve(livery, values: values)
        #expect(problems.isEmpty, "\(problems)")
        #expect(styling.styles["boldLabel"] == ResolvedStyle(component: "Label", properties: ["font": .typography(Self.bold)]))
        #expect(styling.match(id: "home/clientlistitem/body", variants: [])?.properties == ["font": .typography(Self.bold)])
        #expect(styling.match(id: "clientlistitem/body", variants: []) == nil)
        #expect(styling.image(for: "client/searchbar/image", variants: [])?.asset.sha256 == other)
        #expect(styling.image(for: "other/searchbar/image", variants: [])?.asset == Self.asset)
    }

    @Test("extends: the base style's properties, the extending style's win; the component is inherited")
    func extends() throws {
        let (styling, problems) = Self.resolve(["styles": [
            "body": ["component": "Label", "properties": ["font": "{font.body}", "textColor": "{color.text}"]],
            "title": ["extends": "body", "properties": ["font": "{font.bold}"]],
        ]])
        #expect(problems.isEmpty, "\(problems)")
        #expect(styling.styles["title"] == ResolvedStyle(component: "Label", properties: [
            "font": .typography(Self.bold), "textColor": .color(Self.text),
        ]))
        #expect(styling.styles["body"]?.properties["font"] == .typography(Self.body))
    }

    @Test("$style references apply a named style at a key path, checked along it")
    func styleReferences() throws {
        let (styling, problems) = Self.resolve(["styles": [
            "boldLabel": ["component": "Label", "properties": ["font": "{font.bold}", "textAlignment": "center"]],
            "primary": ["component": "Button", "properties": [
                "backgroundColor": "{color.tint}",
                "titleLabel": ["$style": "boldLabel"],
                "titleLabel.textColor": "#ffffff",
            ]],
        ]])
        #expect(problems.isEmpty, "\(problems)")
        #expect(styling.styles["primary"]?.properties == [
            "backgroundColor": .color(Self.tint),
            "titleLabel.font": .typography(Self.bold),
            "titleLabel.textAlignment": .string("center"),
            "titleLabel.textColor": .color(RGBAColor(red: 1, green: 1, blue: 1)),
        ])
    }

    @Test("inline styles: style-shaped anywhere, plain objects on component properties; composites stay values")
    func inlineStyles() throws {
        let (styling, problems) = Self.resolve(["styles": ["search": ["component": "SearchBar", "properties": [
            "searchTextField": ["textColor": "{color.text}", "font": ["$style": "small"]] as L,
            "layoutMargins": ["value": 4, "unit": "px"],
            "cornerRadius": "{size.corner}",
        ]], "small": ["properties": ["font": "{font.body}"]], "card": ["component": "View", "properties": [
            "header": ["component": "Label", "properties": ["textColor": "{color.tint}"]] as L,
        ]]]])
        // `font: {$style: small}` applies a style to a typography property; `header` is not a View property.
        #expect(Self.summary(problems) == [
            "error property-type $livery.styles.search.properties.searchTextField.font",
            "warning unknown-property $livery.styles.card.properties.header",
        ])
        #expect(styling.styles["search"]?.properties == [
            "searchTextField.textColor": .color(Self.text),
            "layoutMargins": .dimension(Dimension(4, .px)),
            "cornerRadius": .dimension(Dimension(8, .px)),
        ])
        // The unknown outlet's inline style is still checked against its own component.
        #expect(styling.styles["card"]?.properties == ["header.textColor": .color(Self.tint)])
    }

    @Test("a wrong type is an error, an unknown property a warning", arguments: [true, false])
    func typeErrorVersusWarning(strictResolver: Bool) throws {
        var values = Self.values
        values.throwsOnAliasTypeMismatch = strictResolver
        let (styling, problems) = Self.resolve(["styles": ["s": ["component": "Label", "properties": [
            "backgroundColor": "{font.bold}",          // a font written to a colour: error
            "textAlignment": "centre",                 // not a case of the enum: error
            "numberOfLines": "{color.tint}",           // a colour to a number: error
            "textColour": "#ff0000",                   // a typo: warning, value kept
            "accessibilityHint": "Opens the menu",     // an app's own property: warning, text kept
            "titleLabel.textColor": "#ff0000",         // Label has no titleLabel: warning
            "textColor.red": 1,                        // a colour has no properties: error
            "alpha": "{color.missing}",                // an unknown token: the resolver's error
            "textColor": "{color.text}",
            "font": "{font.bold}",
            "shadowOffset": ["value": 1, "unit": "px"],
            "isHidden": false,
            "lineBreakMode": "{align.main}",           // an alias to a string that is not a case: error
        ]]]], values: values)
        #expect(Set(Self.summary(problems)) == [
            "error property-type $livery.styles.s.properties.backgroundColor",
            "error property-type $livery.styles.s.properties.textAlignment",
            "error property-type $livery.styles.s.properties.numberOfLines",
            "error property-type $livery.styles.s.properties.textColor.red",
            "error unknown-reference $livery.styles.s.properties.alpha",
            "error property-type $livery.styles.s.properties.lineBreakMode",
            "warning unknown-property $livery.styles.s.properties.textColour",
            "warning unknown-property $livery.styles.s.properties.accessibilityHint",
            "warning unknown-property $livery.styles.s.properties.titleLabel.textColor",
        ])
        let backgroundColor = try #require(problems.errors.first { $0.path.hasSuffix("backgroundColor") })
        #expect(backgroundColor.message == "Label.backgroundColor expects color, but \"{font.bold}\" is typography")
        #expect(styling.styles["s"]?.properties == [
            "textColour": .color(RGBAColor(red: 1, green: 0, blue: 0)),
            "accessibilityHint": .string("Opens the menu"),
            "titleLabel.textColor": .color(RGBAColor(red: 1, green: 0, blue: 0)),
            "textColor": .color(Self.text),
            "font": .typography(Self.bold),
            "shadowOffset": .dimension(Dimension(1, .px)),
            "isHidden": .boolean(false),
        ])
    }

    @Test("enum values: a case, or an alias to a string that is one")
    func enums() {
        let (styling, problems) = Self.resolve(["styles": ["s": ["component": "Label", "properties": [
            "textAlignment": "{align.main}", "lineBreakMode": "byClipping",
        ]]]])
        #expect(problems.isEmpty, "\(problems)")
        #expect(styling.styles["s"]?.properties == ["textAlignment": .string("center"), "lineBreakMode": .string("byClipping")])
    }

    @Test("style reference cycles are errors with the chain spelled out", arguments: [
        (["a": ["extends": "a", "properties": [:] as L]] as L, "$livery.styles.a.extends", "a → a"),
        (["a": ["extends": "b"], "b": ["extends": "a"]], "$livery.styles.b.extends", "a → b → a"),
        (["a": ["component": "Button", "properties": ["titleLabel": ["$style": "b"]]], "b": ["extends": "c"],
          "c": ["properties": ["x": ["$style": "a"]]]], "$livery.styles.c.properties.x", "a → b → c → a"),
    ] as [(L, String, String)])
    func cycles(styles: L, path: String, chain: String) throws {
        let (_, problems) = Self.resolve(["styles": styles])
        #expect(problems.errors.count == 1, "\(problems)")
        let error = try #require(problems.errors.first)
        #expect(error.code == .cycle)
        #expect(error.path == path)
        #expect(error.message == "style references form a cycle: \(chain)")
    }

    @Test("unknown styles and components are errors where they are named")
    func unknownNames() {
        let (styling, problems) = Self.resolve([
            "styles": [
                "a": ["extends": "missing", "properties": ["alpha": 1]],
                "b": ["component": "Widget", "properties": ["alpha": 1]],
                "c": ["component": "Button", "properties": ["titleLabel": ["$style": "nope"]]],
            ],
            "rules": [["selector": "x", "style": "ghost", "properties": ["alpha": 0.5]]],
        ])
        #expect(Self.summary(problems) == [
            "error unknown-style $livery.styles.a.extends",
            "error unknown-component $livery.styles.b.component",
            "error unknown-style $livery.styles.c.properties.titleLabel",
            "error unknown-style $livery.rules[0].style",
        ])
        // What could be resolved still is (the document is rejected anyway, but tools can show it).
        #expect(styling.styles["a"]?.properties == ["alpha": .number(1)])
        #expect(styling.rules.first?.properties == ["alpha": .number(0.5)])
    }

    @Test("styles applied where they do not fit are property-type errors")
    func misfits() {
        let (_, problems) = Self.resolve(["styles": [
            "buttonStyle": ["component": "Button", "properties": ["alpha": 1]],
            "a": ["component": "Button", "properties": ["titleLabel": ["$style": "buttonStyle"]]],
            "b": ["component": "Button", "properties": ["backgroundColor": ["$style": "buttonStyle"]]],
            "c": ["component": "Button", "properties": ["titleLabel": "#ff0000"]],
            "d": ["component": "Label", "extends": "buttonStyle"],
        ]])
        #expect(Self.summary(problems) == [
            "error property-type $livery.styles.a.properties.titleLabel",
            "error property-type $livery.styles.b.properties.backgroundColor",
            "error property-type $livery.styles.c.properties.titleLabel",
            "error type-mismatch $livery.styles.d.component",
        ])
    }

    @Test("rules: the style under the rule's own properties, resolved; themes filtered by the request")
    func rules() throws {
        let livery: L = [
            "styles": ["primary": ["component": "Button", "properties": ["backgroundColor": "{color.tint}", "alpha": 1]]],
            "rules": [
                ["selector": "checkout/button", "style": "primary"],
                ["selector": "checkout/button[disabled]", "style": "primary", "properties": ["alpha": 0.4]],
                ["selector": "@dark/checkout/button", "style": "primary", "properties": ["backgroundColor": "{color.dark}"]],
                ["selector": "footer", "properties": ["anything": "goes"]],
            ],
        ]
        let (plain, problems) = Self.resolve(livery)
        // The dark rule names a token only the dark variant defines: not resolved without it.
        #expect(problems.isEmpty, "\(problems)")
        #expect(plain.rules.map(\.selector.description) == ["checkout/button", "checkout/button[disabled]", "footer"])
        #expect(plain.rules[1] == ResolvedRule(selector: try StyleSelector(parsing: "checkout/button[disabled]"), style: "primary", properties: [
            "backgroundColor": .color(Self.tint), "alpha": .number(0.4),
        ]))
        #expect(plain.rules[2].properties == ["anything": .string("goes")])
        #expect(plain.match(id: "checkout/button[disabled]", variants: [])?.properties["alpha"] == .number(0.4))

        var dark = Self.values
        dark.tokens["color.dark"] = .color(RGBAColor(red: 0, green: 0, blue: 0.5))
        let (themed, darkProblems) = Self.resolve(livery, variants: ["dark"], values: dark)
        #expect(darkProblems.isEmpty, "\(darkProblems)")
        #expect(themed.rules.count == 4)
        #expect(themed.match(id: "checkout/button[disabled]", variants: ["dark"])?.properties["backgroundColor"] == .color(RGBAColor(red: 0, green: 0, blue: 0.5)))
    }

    @Test("lineage: later sections win by name for styles and images; rules are appended root to leaf")
    func lineageMerge() throws {
        let base: L = [
            "styles": ["title": ["component": "Label", "properties": ["font": "{font.body}"]], "body": ["properties": ["alpha": 1]]],
            "rules": [["selector": "title", "style": "title"]],
            "images": ["logo": L(stringLiteral: "sha256:" + Self.sha), "icon": L(stringLiteral: "sha256:" + Self.sha)],
        ]
        let app: L = [
            "styles": ["title": ["component": "Label", "properties": ["textColor": "{color.tint}"]]],
            "rules": [["selector": "title", "style": "body"]],
            "images": ["logo": "{icons.search}"],
        ]
        let (styling, problems) = Self.resolve(base, app)
        #expect(problems.isEmpty, "\(problems)")
        #expect(styling.styles["title"] == ResolvedStyle(component: "Label", properties: ["textColor": .color(Self.tint)]))
        #expect(styling.rules.map(\.style) == ["title", "body"])
        #expect(styling.match(id: "title", variants: [])?.properties == ["alpha": .number(1)])
        #expect(styling.images == ["logo": Self.asset, "icon": Self.asset])
    }

    @Test("a skin's components: added and extended types check styles; broken definitions are errors")
    func skinComponents() {
        let (styling, problems) = Self.resolve(
            ["components": [
                "Card": ["extends": "View", "properties": ["elevation": "number", "title": "Label", "kind": ["enum": ["flat", "raised"]]]],
                "Label": ["properties": ["shadowBlur": "dimension"]],
            ]],
            [
                "components": [
                    "Label": ["properties": ["textColor": "typography"]],              // changes a type
                    "Button": ["extends": "View"],                                     // changes a supertype
                    "Ghost": ["extends": "Phantom"],
                    "Loop1": ["extends": "Loop2"], "Loop2": ["extends": "Loop1"],
                    "Holder": ["properties": ["inner": "Nothing"]],
                    "FancyLabel": ["extends": "Label", "properties": ["font": "color"]], // redeclares an inherited type
                ],
                "styles": ["card": ["component": "Card", "properties": [
                    "elevation": 2, "kind": "raised", "title.textColor": "{color.tint}", "title.shadowBlur": ["value": 2, "unit": "px"],
                    "backgroundColor": "{color.text}",
                ]]],
            ])
        #expect(Self.summary(problems) == [
            "error type-mismatch $livery.components.Label.properties.textColor",
            "error type-mismatch $livery.components.Button.extends",
            "error type-mismatch $livery.components.FancyLabel.properties.font",
            "error unknown-component $livery.components.Ghost.extends",
            "error unknown-component $livery.components.Holder.properties.inner",
            "error cycle $livery.components.Loop1.extends",
        ])
        #expect(problems.errors.last?.message == "component supertypes form a cycle: Loop1 → Loop2 → Loop1")
        #expect(styling.styles["card"]?.properties.count == 5)
        #expect(styling.components["Card"]?.properties["elevation"] == .token(.number))
        #expect(styling.components["Label"]?.properties == ["shadowBlur": .token(.dimension)])
        #expect(styling.components["View"] == nil)
    }

    @Test("images resolve to assets; a wrong or unknown one is an error at its path")
    func images() {
        let (styling, problems) = Self.resolve(["images": [
            "ok": L(stringLiteral: "sha256:" + Self.sha), "missing": L(stringLiteral: "sha256:" + String(repeating: "0", count: 64)),
            "notAnAsset": "{color.tint}",
        ]])
        #expect(Set(Self.summary(problems)) == ["error unknown-image $livery.images.missing", "error type-mismatch $livery.images.notAnAsset"])
        #expect(styling.images == ["ok": Self.asset])
    }

    @Test("jsonMembers: images, rules in order, styles, with flat values")
    func jsonMembers() throws {
        let (styling, problems) = Self.resolve([
            "styles": ["title": ["component": "Label", "properties": ["textColor": "{color.tint}", "numberOfLines": 2]]],
            "rules": [["selector": "home/title", "style": "title", "properties": ["isHidden": true]], ["selector": "b", "properties": ["alpha": 0.5]]],
            "images": ["logo": L(stringLiteral: "sha256:" + Self.sha)],
        ])
        #expect(problems.isEmpty)
        let members = styling.jsonMembers
        let sha = L(stringLiteral: Self.sha)
        let url = L(stringLiteral: "/v1/assets/\(Self.sha)")
        let images: L = ["logo": ["url": url, "contentType": "image/png", "bytes": 1234, "sha256": sha]]
        let rules: L = [
            ["selector": "home/title", "style": "title", "properties": ["isHidden": true, "numberOfLines": 2, "textColor": "#3366ffff"]],
            ["selector": "b", "properties": ["alpha": 0.5]],
        ]
        let styles: L = ["title": ["component": "Label", "properties": ["numberOfLines": 2, "textColor": "#3366ffff"]]]
        #expect(members.images == images.json)
        #expect(members.rules == rules.json)
        #expect(members.styles == styles.json)
        #expect(ResolvedStyling.empty.jsonMembers.rules == .array([]))
    }
}

