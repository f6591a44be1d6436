import Testing
@testable import SkinModel

/// The contrast gate (docs/api.md, "Rollouts, schedules and rollback"): WCAG 2 ratios, declared and implied pairs, every selection.
@Suite("Contrast gate")
struct ContrastGateTests {
    private func check(_ text: String) -> ContrastGate.Report {
        ContrastGate.check(lineage: [LineageEntry(skin: "s", version: 1, document: document(text))])
    }

    @Test("WCAG 2 ratios: black on white is 21, #777777 on white just fails 4.5, equal colours are 1")
    func ratios() throws {
        let white = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        let black = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        let gray = RGBAColor(red: 0x77 / 255, green: 0x77 / 255, blue: 0x77 / 255, alpha: 1)
        #expect(abs(black.contrastRatio(with: white) - 21) < 1e-9)
        #expect(abs(gray.contrastRatio(with: white) - 4.478) < 0.001)
        #expect(white.contrastRatio(with: white) == 1)
    }

    @Test("a declared pair that fails only in dark fails once, naming the variant and the ratio")
    func declaredPairFailsOnlyInDark() throws {
        let report = check(#"""
            {"$livery": {"contrast": [{"foreground": "{color.text}", "background": "{color.background}"}],
                         "variants": {"dark": {"color": {"background": {"$value": "#222222"}}}, "light": {}}},
             "color": {"$type": "color", "text": {"$value": "#333333"}, "background": {"$value": "#ffffff"}}}
            """#)
        #expect(report.selections == [[], ["dark"], ["light"]])
        let failure = try #require(report.failures.first)
        #expect(report.failures.count == 1)
        #expect(failure.variants == ["dark"])
        #expect(failure.ratio < 1.3)
        #expect(failure.diagnostic.code == .contrast && failure.diagnostic.path == "$livery.contrast[0]")
        #expect(failure.diagnostic.message.contains("under variants dark") && failure.diagnostic.message.contains("4.5:1"))
    }

    @Test("styles and rules that set a text and a background colour are pairs; large text needs 3:1")
    func impliedPairsAndLargeText() {
        // #949494 on white is about 3.03:1: enough for large text, not for body text.
        let report = check(#"""
            {"$livery": {"styles": {
                "body": {"component": "Label", "properties": {"textColor": "#949494", "backgroundColor": "#ffffff",
                         "font": {"fontFamily": "Inter", "fontSize": "16px"}}},
                "headline": {"component": "Label", "properties": {"textColor": "#949494", "backgroundColor": "#ffffff",
                         "font": {"fontFamily": "Inter", "fontSize": "24px"}}}},
              "rules": [{"selector": "banner", "style": "body", "properties": {"textColor": "#ffffff", "backgroundColor": "#eeeeee"}}]},
             "x": {"$type": "number", "$value": 1}}
            """#)
        #expect(report.failures.map(\.requirement.path).sorted() == [
            "$livery.rules[0].properties.textColor", "$livery.styles.body.properties.textColor",
        ])
        #expect(report.failures.first { $0.requirement.path.contains("body") }?.requirement.minimum == 4.5)
    }

    @Test("a pair naming something that is not a colour is reported, not silently passed")
    func uncheckablePair() {
        let report = check(#"""
            {"$livery": {"contrast": [{"foreground": "{size.gap}", "background": "#fff"}, {"foreground": 3}]},
             "size": {"gap": {"$type": "dimension", "$value": "4px"}}}
            """#)
        #expect(report.failures.isEmpty)
        #expect(report.warnings.map(\.code) == [.invalidValue, .contrastUnchecked])
    }

    @Test("selections: base, each variant, then one context per axis, bounded with the rest counted")
    func selectionsAreBounded() {
        let small = ContrastGate.selections(variants: ["dark"], axes: [["light", "dark"], ["compact", "regular"]])
        #expect(small.selections == [[], ["dark"], ["light", "compact"], ["light", "regular"], ["dark", "compact"], ["dark", "regular"]])
        #expect(small.skipped == 0)
        let axes = Array(repeating: ["a", "b", "c", "d"], count: 5)  // 1,024 combinations
        let large = ContrastGate.selections(variants: [], axes: axes)
        #expect(large.selections.count == ContrastGate.maxSelections)
        #expect(large.skipped == 1024 - (ContrastGate.maxSelections - 1))
    }

    @Test("the validator reports contrast failures as warnings, not errors")
    func validatorWarns() {
        let doc = document(#"""
            {"$livery": {"contrast": [{"foreground": "{c.a}", "background": "{c.b}", "min": 7}]},
             "c": {"$type": "color", "a": {"$value": "#767676"}, "b": {"$value": "#ffffff"}}}
            """#)
        let problems = Validator.validate(document: doc, ancestors: [])
        #expect(problems.errors.isEmpty)
        #expect(problems.warnings.map(\.code) == [.contrast])
    }

    /// theme light|dark × contrast normal|high, where only dark + high puts black text on black:
    /// a combination that checking each context once (dark alone, high alone) would never see.
    static let tokenSet = ##"""
    { "$livery": { "contrast": [ { "foreground": "{color.text}", "background": "{color.background}" } ] },
      "resolver": { "version": "2025.10",
        "sets": { "base": { "sources": [ { "$ref": "base.json" } ] } },
        "modifiers": {
          "theme": { "contexts": { "light": [ { "$ref": "light.json" } ], "dark": [ { "$ref": "dark.json" } ] }, "default": "light" },
          "contrast": { "contexts": { "normal": [ { "color": { "accent": { "$value": "#123456" } } } ], "high": [ { "$ref": "high.json" } ] } }
        },
        "resolutionOrder": [ { "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/contrast" } ] },
      "files": {
        "base.json": { "color": { "$type": "color", "text": { "$value": "#000000" }, "background": { "$value": "#ffffff" },
                                  "accent": { "$value": "#654321" } } },
        "light.json": { "color": { "background": { "$value": "#ffffff" } } },
        "dark.json": { "color": { "background": { "$value": "#000000" }, "text": { "$value": "#eeeeee" } } },
        "high.json": { "color": { "text": { "$value": "#000000" } } }
      } }
    """##

    @Test("a token set is checked in every combination of one context per axis")
    func tokenSetCombinations() throws {
        let report = check(Self.tokenSet)
        #expect(report.selections.count == 5, "the base look and the four combinations: \(report.selections)")
        #expect(report.failures.map(\.variants) == [["theme:dark", "contrast:high"]])
        let warnings = Validator.validate(document: document(Self.tokenSet), ancestors: []).warnings
        #expect(warnings.contains { $0.code == .contrast && $0.message.contains("theme:dark,contrast:high") })
    }

    @Test("selections already resolved (the validator's) are checked as given, not resolved again")
    func reusesResolvedSelections() throws {
        let failing = document(#"""
            {"$livery": {"contrast": [{"foreground": "{color.text}", "background": "{color.background}"}],
                         "variants": {"dark": {"color": {"background": {"$value": "#222222"}}}}},
             "color": {"$type": "color", "text": {"$value": "#333333"}, "background": {"$value": "#ffffff"}}}
            """#)
        let lineage = [LineageEntry(skin: "s", version: 1, document: failing)]
        #expect(ContrastGate.check(lineage: lineage).failures.map(\.variants) == [["dark"]])
        // Hand the gate a dark look in which the pair passes: finding no failure shows it used that skin.
        let passing = try Resolver.resolve(ResolutionRequest(lineage: [LineageEntry(skin: "s", version: 1, document: document(#"""
            {"$livery": {"variants": {"dark": {"color": {"background": {"$value": "#ffffff"}}}}},
             "color": {"$type": "color", "text": {"$value": "#333333"}, "background": {"$value": "#ffffff"}}}
            """#))], variants: ["dark"]))
        let report = ContrastGate.check(lineage: lineage, resolved: [["dark"]: passing])
        #expect(report.selections == [[], ["dark"]])
        #expect(report.failures.isEmpty)
        // Publish reuses its own resolutions for the gate, and still reports the failure once.
        let warnings = Validator.validate(document: failing, ancestors: []).warnings.filter { $0.code == .contrast }
        #expect(warnings.count == 1)
    }
}
