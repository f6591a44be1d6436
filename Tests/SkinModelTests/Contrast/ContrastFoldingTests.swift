import Testing
@testable import SkinModel

/// docs/skins.md, "Contrast checks": a failing pair is one warning naming the selections it fails
/// under, an axis that changes no colour folded to "any size"; `contrast-unchecked` only where a
/// skin has pairs left unchecked.
@Suite("Contrast findings read once")
struct ContrastFoldingTests {
    static let checked = [[]] + ["light", "dark"].flatMap { theme in
        ["small", "medium", "large"].map { ["theme:\(theme)", "size:\($0)"] }
    }

    @Test("an axis whose every context fails alike is said once")
    func axesFold() {
        let dark = ["small", "medium", "large"].map { ["theme:dark", "size:\($0)"] }
        #expect(ContrastFailure.describe(dark, checked: Self.checked) == "variants theme:dark (any size)")
        #expect(ContrastFailure.describe(Self.checked, checked: Self.checked) == "any size and theme")
        #expect(ContrastFailure.describe([["theme:dark", "size:small"]], checked: Self.checked) == "variants theme:dark,size:small")
        #expect(ContrastFailure.describe([[], ["dark"]], checked: [[], ["dark"], ["wide"]]) == "the base look and variants dark")
    }

    /// theme light|dark × size small|large, size changing no colour: dark fails in both sizes.
    static let tokenSet = ##"""
    { "$livery": { "contrast": [ { "foreground": "{color.text}", "background": "{color.background}" } ] },
      "resolver": { "version": "2025.10",
        "sets": { "base": { "sources": [ { "$ref": "base.json" } ] } },
        "modifiers": {
          "theme": { "contexts": { "light": [], "dark": [ { "$ref": "dark.json" } ] }, "default": "light" },
          "size": { "contexts": { "small": [ { "$ref": "small.json" } ], "large": [ { "$ref": "large.json" } ] }, "default": "small" }
        },
        "resolutionOrder": [ { "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/size" } ] },
      "files": {
        "base.json": { "color": { "$type": "color", "text": { "$value": "#555555" }, "background": { "$value": "#ffffff" } },
                       "gap": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } } },
        "dark.json": { "color": { "background": { "$value": "#333333" } } },
        "small.json": { "gap": { "$value": { "value": 4, "unit": "px" } } },
        "large.json": { "gap": { "$value": { "value": 8, "unit": "px" } } }
      } }
    """##

    @Test("a pair failing in every size of the dark theme is one warning")
    func oneWarningPerPair() {
        let warnings = Validator.validate(document: document(Self.tokenSet), ancestors: []).warnings.filter { $0.code == .contrast }
        #expect(warnings.count == 1)
        #expect(warnings.first?.count == 1, "one path, said once")
        #expect(warnings.first?.message == "{color.text} on {color.background} has contrast 1.69:1 under variants theme:dark (any size); at least 4.5:1 is required")
    }

    @Test("selections past the bound are not reported when the skin has no pair to check")
    func uncheckedOnlyWithPairs() {
        let contexts = (1...9).map { "\"c\($0)\": []" }.joined(separator: ", ")
        func tokenSet(pairs: String) -> String {
            """
            { "$livery": { "contrast": [\(pairs)] },
              "resolver": { "version": "2025.10", "sets": { "base": { "sources": [ { "$ref": "base.json" } ] } },
                "modifiers": { "a": { "contexts": { \(contexts) } }, "b": { "contexts": { \(contexts) } } },
                "resolutionOrder": [ { "$ref": "#/sets/base" }, { "$ref": "#/modifiers/a" }, { "$ref": "#/modifiers/b" } ] },
              "files": { "base.json": { "color": { "$type": "color", "text": { "$value": "#000000" }, "background": { "$value": "#ffffff" } } } } }
            """
        }
        let lineage = { (text: String) in [LineageEntry(skin: "s", version: 1, document: document(text))] }
        let none = ContrastGate.check(lineage: lineage(tokenSet(pairs: "")))
        #expect(!none.warnings.contains { $0.code == .contrastUnchecked }, "81 combinations, but nothing to check in them")
        let some = ContrastGate.check(lineage: lineage(tokenSet(pairs: #"{ "foreground": "{color.text}", "background": "{color.background}" }"#)))
        #expect(some.warnings.contains { $0.code == .contrastUnchecked })
    }
}
