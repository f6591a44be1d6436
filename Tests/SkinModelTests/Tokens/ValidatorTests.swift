import Testing
@testable import SkinModel

@Suite("Publish-time validation")
struct ValidatorTests {
    @Test("base layers and each declared variant on its own, all errors at once, deduplicated")
    func everyVariant() {
        let doc = document(##"""
        { "$livery": { "variants": {
            "dark": { "c": { "a": { "$value": "{c.b}" }, "b": { "$value": "{c.a}" } } },
            "wide": { "s": { "$value": "{nope}" } },
            "ok": { "c": { "a": { "$value": "#000" } } } } },
          "c": { "$type": "color", "a": { "$value": "#fff" }, "b": { "$value": "#eee" }, "bad": { "$value": "#12" } },
          "s": { "$type": "dimension", "$value": "1px" } }
        """##)
        let problems = Validator.validate(document: doc, ancestors: [], skin: "app", version: 2)
        let summary = problems.errors.map { "\($0.code.rawValue) \($0.path): \($0.message)" }
        #expect(summary.count == 3, "\(summary)")
        #expect(summary.contains("invalid-value c.bad: '#12' is not a hex colour: expected 3, 4, 6 or 8 hex digits, found 2"), "the document itself is not named (it was \"(in app@2)\", or \"draft@0\" on validate)")
        #expect(summary.contains("cycle c.a: reference cycle: c.a → c.b → c.a"))
        #expect(summary.contains("unknown-reference s: {nope} names no token (in variant wide)"))
    }

    @Test("a child is validated against its ancestors")
    func withAncestors() {
        let ancestors = lineage([("base", 3, ##"{"$livery": {"variants": {"dark": {}}}, "c": {"$type": "color", "tint": {"$value": "#3366ff"}}}"##)])
        let good = document(#"{"$livery": {"extends": "base"}, "c": {"bg": {"$value": "lighten({c.tint}, 0.5)"}}}"#)
        #expect(Validator.validate(document: good, ancestors: ancestors, skin: "app").errors.isEmpty)
        let bad = document(#"{"$livery": {"extends": "base"}, "c": {"tint": {"$type": "dimension", "$value": "2px"}}}"#)
        let problems = Validator.validate(document: bad, ancestors: ancestors, skin: "app", version: 1)
        #expect(problems.errors.map(\.code) == [.typeMismatch])
        #expect(problems.errors.first?.message == "'c.tint' is a color (fixed by its first definition, in base@3), but the document declares $type dimension")
    }

    @Test("warnings come back with a valid document")
    func warnings() {
        let doc = document(#"{"$metadata": {}, "c": {"$type": "color", "$value": {"colorSpace": "display-p3", "components": [0, 1, 0]}}}"#)
        let problems = Validator.validate(document: doc, ancestors: [])
        #expect(problems.errors.isEmpty)
        #expect(problems.warnings.map(\.code) == [.ignoredMember, .outOfGamut])
    }

    @Test("assets are checked against the catalog")
    func assets() {
        let digest = String(repeating: "1", count: 64)
        let doc = document(#"{"logo": {"$type": "asset", "$value": "sha256:\#(digest)"}}"#)
        #expect(Validator.validate(document: doc, ancestors: []).errors.map(\.code) == [.unknownAsset])
        let asset = AssetInfo(sha256: digest, url: "/v1/assets/\(digest)", contentType: "image/png", bytes: 1)
        #expect(Validator.validate(document: doc, ancestors: [], assets: [digest: asset]).errors.isEmpty)
    }

    @Test("lineage depth is checked at publish")
    func depth() {
        var ancestors = lineage([("s0", 1, "{}")])
        for index in 1..<16 { ancestors += lineage([("s\(index)", 1, #"{"$livery": {"extends": "s\#(index - 1)"}}"#)]) }
        let doc = document(#"{"$livery": {"extends": "s15"}}"#)
        #expect(Validator.validate(document: doc, ancestors: ancestors).errors.map(\.code) == [.lineageTooDeep])
        #expect(Validator.validate(document: doc, ancestors: Array(ancestors.dropFirst())).errors.map(\.code) == [.invalidRequest])
    }
}
