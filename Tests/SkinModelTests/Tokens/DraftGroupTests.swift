import Testing
@testable import SkinModel

/// docs/skins.md, "What tool exports may contain", `legacy-form`: a group of pre-2025 draft tokens carries its metadata in draft form
/// too (`description`, `extensions` without `$`, as lukasoppermann's Figma plugin writes it). It is
/// read as the group's `$description`/`$extensions`, kept in `format=dtcg`; where the reading is
/// not the only sensible one, the members stay what DTCG 2025.10 makes them.
@Suite("Draft groups: description and extensions without '$'")
struct DraftGroupTests {
    static let plugin = ##"""
        {"gradient": {"multiplegrad": {
          "0": {"type": "custom-gradient", "value": {"gradientType": "linear", "stops": []}},
          "1": {"type": "number", "value": 2},
          "description": "Two fills",
          "extensions": {"org.lukasoppermann.figmaDesignTokens": {"styleId": "S:8ecc", "exportKey": "gradient"}}}},
         "effect": {"layer blur": {"description": null, "extensions": {"org.lukasoppermann.figmaDesignTokens": {"exportKey": "effect"}}}}}
        """##

    @Test("beside draft tokens, they are the group's metadata, kept in format=dtcg")
    func readAsGroupMetadata() throws {
        let doc = document(Self.plugin)
        let problems = Validator.validate(document: doc, ancestors: [])
        #expect(problems.errors.isEmpty, "\(problems.errors)")
        #expect(!problems.warnings.contains { $0.code == .dottedName || $0.code == .ignoredMember }, "\(problems.warnings.map(\.kindDescription))")
        let draft = try #require(problems.warnings.first { $0.code == .legacyForm && $0.detail == "draft group metadata" })
        #expect(draft.paths == ["gradient.multiplegrad", "effect.layer blur"])
        #expect(draft.message.contains("'description' and 'extensions'"), "\(draft.message)")
        let skin = try #require(resolve([LineageEntry(skin: "s", version: 1, document: doc)]).skin)
        #expect(Set(skin.tokens.keys) == ["gradient.multiplegrad.0", "gradient.multiplegrad.1"])
        let group = try #require(skin.document(format: .dtcg)["gradient"]?["multiplegrad"])
        #expect(group["$description"] == .string("Two fills"))
        #expect(group["$extensions"]?["org.lukasoppermann.figmaDesignTokens"]?["exportKey"] == .string("gradient"))
        #expect(group["description"] == nil && group["extensions"] == nil)
        // An entry exported without a value: its metadata is a group's, and it holds no token.
        let blur = try #require(skin.document(format: .dtcg)["effect"]?["layer blur"])
        #expect(blur["$extensions"]?["org.lukasoppermann.figmaDesignTokens"]?["exportKey"] == .string("effect"))
    }

    @Test("elsewhere they stay what DTCG makes them", arguments: [
        // DTCG tokens, not draft ones: a reverse-domain group stays a group with a dotted name.
        (##"{"g": {"a": {"$type": "number", "$value": 1}, "extensions": {"org.example.tool": {"x": {"$type": "number", "$value": 2}}}}}"##,
         DiagnosticCode.dottedName),
        // Beside draft tokens, an `extensions` holding a token is a group of tokens.
        (##"{"g": {"a": {"type": "number", "value": 1}, "extensions": {"org.example": {"type": "number", "value": 2}}}}"##,
         DiagnosticCode.dottedName),
        // A `description` that is not text is not a description.
        (##"{"g": {"a": {"type": "number", "value": 1}, "description": 5}}"##, DiagnosticCode.ignoredMember),
    ])
    func nearMisses(text: String, code: DiagnosticCode) {
        let problems = Validator.validate(document: document(text), ancestors: [])
        #expect(!problems.warnings.contains { $0.detail == "draft group metadata" }, "\(problems.warnings.map(\.kindDescription))")
        #expect(problems.warnings.contains { $0.code == code }, "\(problems.warnings.map(\.kindDescription))")
    }
}
