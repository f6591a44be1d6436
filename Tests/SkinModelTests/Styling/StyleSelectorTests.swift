import Testing
@testable import SkinModel

@Suite("Selectors")
struct SelectorTests {
    @Test("valid selectors parse and print back unchanged", arguments: [
        ("label", nil, [], "label", nil),
        ("section/element/atom", nil, ["section", "element"], "atom", nil),
        ("*/clientlistitem/body", nil, ["*", "clientlistitem"], "body", nil),
        ("checkout/button[disabled]", nil, ["checkout"], "button", "disabled"),
        ("home/row[selected]/title", nil, ["home", "row[selected]"], "title", nil),
        ("@dark/title", "dark", [], "title", nil),
        ("@high-contrast/*/searchBar/label", "high-contrast", ["*", "searchBar"], "label", nil),
        ("a_b-c/D9", nil, ["a_b-c"], "D9", nil),
    ] as [(String, String?, [String], String, String?)])
    func valid(text: String, theme: String?, components: [String], atom: String, state: String?) throws {
        let selector = try StyleSelector(parsing: text)
        #expect(selector.theme == theme)
        #expect(selector.components.map(\.description) == components)
        #expect(selector.atom.name == atom)
        #expect(selector.atom.state == state)
        #expect(selector.description == text)
    }

    @Test("malformed selectors are rejected with a reason", arguments: [
        ("", "expected a component name at the end"),
        ("a//b", "expected a component name, found \"/\""),
        ("a/", "expected a component name at the end"),
        ("/a", "expected a component name, found \"/\""),
        ("*", "the atom (last component) must be a name, not \"*\""),
        ("home/*", "the atom (last component) must be a name, not \"*\""),
        ("*[selected]/a", "\"*\" cannot have a state"),
        ("button[", "expected a state name at the end"),
        ("button[]", "expected a state name, found \"]\""),
        ("button[selected", "expected \"]\" to close the state"),
        ("button[a][b]", "unexpected \"[\""),
        ("a b", "unexpected \" \""),
        ("@dark", "expected \"/\" and a component after the theme"),
        ("@/label", "expected a theme name, found \"/\""),
        ("home/@dark/label", "expected a component name, found \"@\""),
        ("label.text", "unexpected \".\""),
        ("étiquette", "expected a component name, found \"é\""),
    ])
    func invalid(text: String, reason: String) {
        #expect(throws: InvalidSelector.self) { try StyleSelector(parsing: text) }
        do {
            _ = try StyleSelector(parsing: text)
        } catch {
            #expect(error.reason == reason, "\(text)")
        }
    }

    @Test("element identifiers take states but no * or theme", arguments: [
        ("home/header/searchBar/label", true), ("checkout/button[disabled]", true),
        ("*/label", false), ("@dark/label", false), ("", false), ("a//b", false),
    ])
    func elementIdentifiers(text: String, valid: Bool) {
        #expect(((try? ElementIdentifier(parsing: text)) != nil) == valid)
        if valid { #expect((try? ElementIdentifier(parsing: text))?.description == text) }
    }

    @Test("an invalid selector in a rule is reported at the rule's selector path")
    func invalidInRule() {
        let livery: L = ["rules": [
            ["selector": "title", "style": "a"],
            ["selector": "body", "style": "a"],
            ["selector": "home//title", "style": "a"],
            ["selector": "*", "properties": ["alpha": 1]],
        ]]
        let (section, diagnostics) = LiverySection.parse(livery.object)
        #expect(section.rules.map(\.selector.description) == ["title", "body"])
        #expect(diagnostics.map(\.path) == ["$livery.rules[2].selector", "$livery.rules[3].selector"])
        #expect(diagnostics.allSatisfy { $0.code == .invalidSelector && $0.severity == .error })
    }
}
