import Testing
@testable import SkinModel

/// docs/skins.md, "What tool exports may contain": names tools write that DTCG does not allow. A Figma plugin's token named `0.25`
/// (`dotted-name`) and Figma SDS's references by display name (`display-name-reference`) publish
/// with a warning naming the paths; the near misses stay errors.
@Suite("Tool names: dotted names and Figma display names")
struct ToolNameTests {
    // MARK: dotted names

    @Test("a name with '.' is kept as written: its path, its reference, its warning", arguments: [
        // (document, path, flat value)
        (##"{"opacities": {"0.25": {"$type": "number", "$value": 0.25}}}"##, "opacities.0.25", "0.25"),
        (##"{"opacities": {"$type": "number", "0.25": {"$value": 0.25}}, "muted": {"$type": "number", "$value": "{opacities.0.25}"}}"##, "muted", "0.25"),
        (##"{"o": {"$type": "number", "0.5": {"$value": 0.5}}, "half": {"$type": "number", "$value": "{o.0.5} * 2"}}"##, "half", "1"),
        // lukasoppermann's draft form: `value`/`type` without `$`.
        (##"{"opacities": {"0.25": {"value": 0.25, "type": "number"}}}"##, "opacities.0.25", "0.25"),
        (##"{"g": {"1.5x": {"a": {"$type": "number", "$value": 3}}}}"##, "g.1.5x.a", "3"),
    ])
    func dottedName(text: String, path: String, value: String) throws {
        let doc = document(text)
        #expect(doc.warnings.map(\.code).contains(.dottedName), "\(doc.warnings)")
        let problems = Validator.validate(document: doc, ancestors: [])
        #expect(problems.errors.isEmpty, "\(problems.errors)")
        let result = resolve([LineageEntry(skin: "s", version: 1, document: doc)])
        #expect(result.value(path) == value, "\(result.errors)")
    }

    @Test("one dotted-name warning names every dotted path")
    func oneWarningPerKind() throws {
        let problems = Validator.validate(
            document: document(##"{"o": {"$type": "number", "0.25": {"$value": 0.25}, "0.5": {"$value": 0.5}}}"##), ancestors: [])
        let warning = try #require(problems.warnings.first { $0.code == .dottedName })
        #expect(warning.paths == ["o.0.25", "o.0.5"])
        #expect(problems.warnings.filter { $0.code == .dottedName }.count == 1)
    }

    @Test("format=dtcg writes a dotted name under its own key, and the round trip holds")
    func dtcgRoundTrip() throws {
        let doc = document(##"""
            {"opacities": {"$type": "number", "$description": "Figma opacities", "0.25": {"$value": 0.25}, "full": {"$value": 1}},
             "g": {"1.5x": {"$description": "a dotted group", "a": {"$type": "number", "$value": "{opacities.0.25}"}}}}
            """##)
        let skin = try #require(resolve([LineageEntry(skin: "s", version: 1, document: doc)]).skin)
        let output = skin.document(format: .dtcg)
        #expect(output["opacities"]?["0.25"]?["$value"] == .number(0.25))
        #expect(output["opacities"]?["0"] == nil)
        #expect(output["g"]?["1.5x"]?["$description"] == .string("a dotted group"))
        #expect(output["g"]?["1.5x"]?["a"]?["$value"] == .number(0.25))
        let again = try #require(resolve([LineageEntry(skin: "s", version: 1, document: try SkinDocument(json: output))]).skin)
        #expect(again.tokens.mapValues { canonical($0.value.flatJSON) } == skin.tokens.mapValues { canonical($0.value.flatJSON) })
        #expect(Set(again.tokens.keys) == ["opacities.0.25", "opacities.full", "g.1.5x.a"])
    }

    @Test("a dotted name that another member also spells stays an error naming both", arguments: [
        (##"{"o": {"$type": "number", "0.25": {"$value": 1}, "0": {"25": {"$value": 2}}}}"##, "o.0.25", "'o' › '0.25' and a nested group spell the same path o.0.25"),
        (##"{"o": {"$type": "number", "a.b": {"$value": 1}, "a": {"$value": 2}}}"##, "o.a.b", "makes the path o.a.b, inside the token o.a"),
        (##"{"o": {"$type": "number", "a.b": {"$value": 1}, "a": {"b": {"c": {"$value": 2}}}}}"##, "o.a.b.c", "sits inside the token 'o' › 'a.b'"),
        (##"{"$livery": {"variants": {"dark": {"o": {"$type": "number", "0.5": {"$value": 1}, "0": {"5": {"$value": 2}}}}}}}"##,
         "$livery.variants.dark.o.0.5", "spell the same path o.0.5"),
    ])
    func dottedCollision(text: String, path: String, message: String) {
        let problems = documentProblems(text)
        let error = problems.errors.first { $0.code == .invalidName }
        #expect(error?.path == path, "\(problems.errors)")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "none")")
    }

    // MARK: Figma display names

    static let figma = ##"""
        {"@typography_primitives": {
            "scale-03": {"$type": "number", "$value": 16},
            "weight-regular-italic": {"$type": "string", "$value": "Italic"},
            "family-sans": {"$type": "fontFamily", "$value": "Inter"}},
         "@color_primitives": {"$type": "color", "brand-b": {"800": {"$value": "#3366ff"}}},
         "@typography": {
            "size": {"$type": "number", "$value": "{@typography_primitives.Scale 03}"},
            "double": {"$type": "number", "$value": "{@typography_primitives.Scale 03} * 2"},
            "style": {"$type": "string", "$value": "{@typography_primitives.Weight   Regular_Italic}"},
            "family": {"$type": "fontFamily", "$value": "{@typography_primitives.Family Sans}"},
            "untyped": {"$value": "{@typography_primitives.Scale 03}"},
            "again": {"$type": "number", "$value": "{@typography_primitives.Scale 03}"}},
         "accent": {"$type": "color", "$value": "{@color_primitives.Brand B.800}"}}
        """##

    @Test("a reference by Figma display name resolves to the one token with that slug", arguments: [
        ("@typography.size", "16", "{@typography_primitives.Scale 03} → @typography_primitives.scale-03"),
        ("@typography.double", "32", "{@typography_primitives.Scale 03} → @typography_primitives.scale-03"),
        ("@typography.style", quoted("Italic"), "{@typography_primitives.Weight   Regular_Italic} → @typography_primitives.weight-regular-italic"),
        ("@typography.family", quoted("Inter"), "{@typography_primitives.Family Sans} → @typography_primitives.family-sans"),
        ("@typography.untyped", "16", "{@typography_primitives.Scale 03} → @typography_primitives.scale-03"),
        ("accent", quoted("#3366ffff"), "{@color_primitives.Brand B.800} → @color_primitives.brand-b.800"),
    ])
    func displayName(path: String, value: String, detail: String) throws {
        let doc = document(Self.figma)
        let problems = Validator.validate(document: doc, ancestors: [])
        #expect(problems.errors.isEmpty, "\(problems.errors)")
        let grouped = problems.groupingWarnings().warnings.filter { $0.code == .displayNameReference }
        #expect(grouped.count == 1, "one kind for every display-name reference: \(grouped.map(\.kindDescription))")
        let warning = try #require(grouped.first)
        let message = try #require(zip(warning.paths, warning.messages).first { $0.0 == path }?.1, "\(path) is named by the warning")
        #expect(message.contains(String(detail.split(separator: " → ")[0])) && message.hasSuffix("read as {\(detail.split(separator: " → ")[1])}"), "\(message)")
        #expect(resolve([LineageEntry(skin: "s", version: 1, document: doc)]).value(path) == value)
    }

    @Test("one warning for all display-name references, naming every token that writes one")
    func displayNameGrouping() throws {
        let problems = Validator.validate(document: document(Self.figma), ancestors: []).groupingWarnings()
        let warning = try #require(problems.warnings.first { $0.code == .displayNameReference })
        #expect(warning.detail == nil)
        let scale = zip(warning.paths, warning.messages).filter { $0.1.contains("{@typography_primitives.Scale 03}") }.map(\.0)
        #expect(scale.sorted() == ["@typography.again", "@typography.double", "@typography.size", "@typography.untyped"])
        let skin = try #require(resolve([LineageEntry(skin: "s", version: 1, document: document(Self.figma))]).skin)
        #expect(skin.tokens["@typography.size"]?.provenance.references == ["@typography_primitives.Scale 03"])
    }

    @Test("no match, or several, stays unknown-reference", arguments: [
        (##"{"g": {"scale-03": {"$type": "number", "$value": 1}}, "x": {"$type": "number", "$value": "{g.Scale 04}"}}"##,
         "{g.Scale 04} names no token"),
        // Two tokens with one slug: no guess between them.
        (##"{"g": {"scale-03": {"$type": "number", "$value": 1}, "scale_03": {"$type": "number", "$value": 2}}, "x": {"$type": "number", "$value": "{g.Scale 03}"}}"##,
         "as a Figma display name it matches 2 tokens (g.scale-03, g.scale_03), so it names none"),
        // The slug keeps every other character: `Scale03` is not `scale-03`.
        (##"{"g": {"scale-03": {"$type": "number", "$value": 1}}, "x": {"$type": "number", "$value": "{g.Scale03}"}}"##,
         "{g.Scale03} names no token"),
        (##"{"g": {"scale-03": {"$type": "number", "$value": 1}}, "x": {"$value": "{g.Scale 3}"}}"##, "{g.Scale 3} names no token"),
    ])
    func displayNameMisses(text: String, message: String) {
        let problems = Validator.validate(document: document(text), ancestors: [])
        let error = problems.errors.first { $0.path == "x" }
        #expect(error?.code == .unknownReference, "\(problems.errors)")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "none")")
        #expect(!problems.warnings.contains { $0.code == .displayNameReference })
    }
}
