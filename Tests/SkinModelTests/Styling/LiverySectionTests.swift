import Testing
@testable import SkinModel

@Suite("$livery styling section parsing")
struct LiverySectionTests {
    static let sha = "sha256:" + String(repeating: "ab", count: 32)

    @Test("the documented $livery example parses into components, styles, rules and images")
    func specExample() throws {
        let livery: L = [
            "extends": "base",
            "variants": ["dark": ["color": ["text": ["$value": "#ffffff"]]]],
            "images": ["*_searchbar_image": L(stringLiteral: Self.sha), "client_searchbar_image": "{icons.search}"],
            "components": ["Label": ["extends": "View", "properties": ["textColor": "color", "font": "typography"]]],
            "styles": ["boldLabel": ["component": "Label", "properties": ["font": "{font.bold}"]]],
            "rules": [["selector": "*/clientlistitem/body", "style": "boldLabel"]],
        ]
        let (section, diagnostics) = LiverySection.parse(livery.object)
        #expect(diagnostics.isEmpty)
        #expect(section.components == [ComponentDefinition(name: "Label", extends: "View", properties: ["textColor": .token(.color), "font": .token(.typography)])])
        #expect(section.styles.map(\.name) == ["boldLabel"])
        #expect(section.styles[0].body.component == "Label")
        #expect(section.styles[0].body.properties == [PropertyAssignment(keyPath: "font", value: .value(.string("{font.bold}")), path: "$livery.styles.boldLabel.properties.font")])
        #expect(section.rules.map(\.selector.description) == ["*/clientlistitem/body"])
        #expect(section.rules[0].style == "boldLabel")
        #expect(section.rules[0].path == "$livery.rules[0]")
        #expect(section.images.map(\.name) == ["*_searchbar_image", "client_searchbar_image"])
    }

    @Test("style values: literals, $style references, style-shaped inline styles, composite objects")
    func styleValues() throws {
        let livery: L = ["styles": ["button": ["component": "Button", "properties": [
            "backgroundColor": "{color.tint}",
            "alpha": 0.5,
            "titleLabel": ["$style": "boldLabel"],
            "imageView": ["component": "Image", "properties": ["tintColor": "#ff0000"]],
            "border": ["color": "#000000", "width": ["value": 1, "unit": "px"], "style": "solid"],
            "label1.textColor": "#00ff00",
        ]]]]
        let (section, diagnostics) = LiverySection.parse(livery.object)
        #expect(diagnostics.isEmpty)
        let values = section.styles[0].body.properties.map(\.value)
        #expect(values[0] == .value(.string("{color.tint}")))
        #expect(values[1] == .value(.number(0.5)))
        #expect(values[2] == .styleReference("boldLabel"))
        guard case .inlineStyle(let inline) = values[3] else { Issue.record("not inline: \(values[3])"); return }
        #expect(inline.component == "Image")
        #expect(inline.path == "$livery.styles.button.properties.imageView")
        #expect(inline.properties.map(\.path) == ["$livery.styles.button.properties.imageView.properties.tintColor"])
        guard case .value(.object) = values[4] else { Issue.record("a border is a value: \(values[4])"); return }
        #expect(section.styles[0].body.properties[5].keyPath == "label1.textColor")
    }

    @Test("every problem is collected, each at its path", arguments: [
        (["components": ["Label": "View"]] as L, "$livery.components.Label", DiagnosticCode.invalidDocument),
        (["components": ["color": ["properties": [:] as L]]], "$livery.components.color", .invalidName),
        (["components": ["My View": ["extends": "View"]]], "$livery.components.My View", .invalidName),
        (["components": ["X": ["extends": 3]]], "$livery.components.X.extends", .invalidValue),
        (["components": ["X": ["properties": ["a": 3]]]], "$livery.components.X.properties.a", .invalidValue),
        (["components": ["X": ["properties": ["a": ["enum": [] as L]]]]], "$livery.components.X.properties.a", .invalidValue),
        (["components": ["X": ["properties": ["a": ["enum": ["x", "x"]]]]]], "$livery.components.X.properties.a", .invalidValue),
        (["components": ["X": ["properties": ["a.b": "color"]]]], "$livery.components.X.properties.a.b", .invalidName),
        (["components": ["X": ["supertype": "View"]]], "$livery.components.X", .invalidDocument),
        (["styles": ["s": ["component": "Label", "props": [:] as L]]], "$livery.styles.s", .invalidDocument),
        (["styles": ["s": ["component": 1]]], "$livery.styles.s.component", .invalidValue),
        (["styles": ["$s": ["properties": [:] as L]]], "$livery.styles.$s", .invalidName),
        (["styles": ["s": ["properties": ["a..b": 1]]]], "$livery.styles.s.properties.a..b", .invalidName),
        (["styles": ["s": ["properties": ["a": nil]]]], "$livery.styles.s.properties.a", .invalidValue),
        (["styles": ["s": ["properties": ["a": ["$style": "t", "x": 1]]]]], "$livery.styles.s.properties.a", .invalidValue),
        (["styles": ["s": ["properties": ["a": ["$style": 4]]]]], "$livery.styles.s.properties.a", .invalidValue),
        (["styles": ["s": ["properties": ["a": ["component": "Label"]]]]], "$livery.styles.s.properties.a", .invalidDocument),
        (["styles": ["s": ["properties": 3]]], "$livery.styles.s.properties", .invalidDocument),
        (["styles": ["s": ["description": 3, "properties": [:] as L]]], "$livery.styles.s.description", .invalidValue),
        (["rules": ["selector": "a"]], "$livery.rules", .invalidDocument),
        (["rules": [3]], "$livery.rules[0]", .invalidDocument),
        (["rules": [["style": "a"]]], "$livery.rules[0].selector", .invalidSelector),
        (["rules": [["selector": "a"]]], "$livery.rules[0]", .invalidDocument),
        (["rules": [["selector": "a", "style": 2]]], "$livery.rules[0].style", .invalidValue),
        (["rules": [["selector": "a", "style": "s", "weight": 2]]], "$livery.rules[0]", .invalidDocument),
        (["images": ["icon": "sha256:abc"]], "$livery.images.icon", .invalidValue),
        (["images": ["icon": 5]], "$livery.images.icon", .invalidValue),
        (["images": ["a/b": L(stringLiteral: sha)]], "$livery.images.a/b", .invalidName),
        (["images": [L(stringLiteral: sha)]], "$livery.images", .invalidDocument),
    ] as [(L, String, DiagnosticCode)])
    func problems(livery: L, path: String, code: DiagnosticCode) {
        let (_, diagnostics) = LiverySection.parse(livery.object)
        #expect(diagnostics.map(\.path) == [path])
        #expect(diagnostics.map(\.code) == [code])
        #expect(diagnostics.allSatisfy { $0.severity == .error && !$0.message.isEmpty })
    }

    @Test("several problems at once, valid entries kept, other $livery members ignored")
    func allAtOnce() {
        let livery: L = [
            "extends": "base@3", "variants": [:] as L,
            "styles": ["ok": ["properties": ["alpha": 1]], "bad": 3],
            "rules": [["selector": "a//b", "style": "ok"], ["selector": "b", "style": "ok"], ["selector": "@x"]],
            "images": ["i": "nope"],
        ]
        let (section, diagnostics) = LiverySection.parse(livery.object, path: "$livery")
        #expect(section.styles.map(\.name) == ["ok"])
        #expect(section.rules.map(\.selector.description) == ["b"])
        #expect(diagnostics.map(\.path) == ["$livery.styles.bad", "$livery.rules[0].selector", "$livery.rules[2].selector", "$livery.images.i"])
    }

    @Test("the path prefix is the caller's")
    func pathPrefix() {
        let livery: L = ["rules": [["selector": ""]]]
        let (section, diagnostics) = LiverySection.parse(livery.object, path: "app@7.$livery")
        #expect(section.path == "app@7.$livery")
        #expect(diagnostics.map(\.path) == ["app@7.$livery.rules[0].selector"])
    }
}
