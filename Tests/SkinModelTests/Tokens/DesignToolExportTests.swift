import Testing
@testable import SkinModel

/// docs/skins.md: "A file exported by Style Dictionary, Tokens Studio or Figma in DTCG format
/// must publish unchanged." Each fixture is published as is, validated, and resolved.
@Suite("Design tool exports")
struct DesignToolExportTests {
    @Test("a Style Dictionary DTCG 2025.10 file publishes unchanged and resolves")
    func styleDictionary() throws {
        let doc = try SkinDocument.parse(Array(StyleDictionaryExport.json.utf8))
        #expect(doc.warnings.isEmpty)
        let problems = Validator.validate(document: doc, ancestors: [], skin: "tokens", version: 1)
        #expect(problems.errors.isEmpty, "\(problems.errors)")
        let result = resolve([LineageEntry(skin: "tokens", version: 1, document: doc)])
        let skin = try #require(result.skin, "\(result.errors)")
        #expect(result.value("color.brand.$root") == quoted("#3b82f6ff"))
        #expect(result.value("color.text.link") == quoted("#3b82f6ff"))
        #expect(result.value("color.alpha.overlay") == quoted("#00000066"))
        #expect(skin.tokens["color.background.inverse"]?.deprecated == .string("Use color.surface.inverse"))
        #expect(skin.tokens["color.text.link"]?.extensions?["org.example.figma"] != nil)
        #expect(skin.tokens["color.brand.$root"]?.description == "The brand colour")
        #expect(result.value("font.weight.semibold") == "600")
        #expect(result.value("typography.body") == ##"{"fontFamily":["Inter","Helvetica Neue","Arial","sans-serif"],"fontSize":{"unit":"rem","value":1},"fontWeight":400,"letterSpacing":{"unit":"px","value":0},"lineHeight":1.5}"##)
        #expect(result.value("typography.code")?.contains(##""fontFamily":"JetBrains Mono","fontSize":{"unit":"rem","value":1}"##) == true)
        #expect(result.value("shadow.lg")?.hasPrefix("[{") == true)
        #expect(result.value("border.focus")?.contains(##""lineCap":"round""##) == true)
        #expect(result.value("motion.transition.fade") == ##"{"delay":{"unit":"ms","value":0},"duration":{"unit":"ms","value":150},"timingFunction":[0.2,0,0,1]}"##)
        #expect(result.value("gradient.hero")?.contains(quoted("#3b82f6ff")) == true)
        #expect(result.value("component.button.secondary.background") == quoted("#f9fafbff"))
        #expect(result.value("component.button.secondary.radius") == ##"{"unit":"rem","value":0.5}"##)
        #expect(skin.tokens["component.button.secondary.text"]?.provenance.references == ["color.text.default", "color.gray.900"])
        #expect(skin.tokens.count == 44)
    }

    @Test("a Tokens Studio DTCG export publishes unchanged and resolves")
    func tokensStudio() throws {
        let doc = try SkinDocument.parse(Array(TokensStudioExport.json.utf8))
        #expect(doc.warnings.map(\.kindDescription) == ["mapped-type (studio.tokens modify → darken in lch)"])
        let problems = Validator.validate(document: doc, ancestors: [], skin: "studio", version: 1)
        #expect(problems.errors.isEmpty, "\(problems.errors)")
        // docs/skins.md, "What tool exports may contain": what Tokens Studio writes beyond DTCG is kept, each kind with its warning.
        #expect(Set(problems.warnings.map(\.code)) == [.legacyForm, .extraMember, .mappedType])
        #expect(problems.warnings.contains { $0.kindDescription == "mapped-type (studio.tokens modify → darken in lch)" && $0.paths == ["semantic.bg.accentHover"] })
        let result = resolve([LineageEntry(skin: "studio", version: 1, document: doc)])
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.value("core.spacing.lg") == ##"{"unit":"px","value":24}"##)
        #expect(result.value("core.fontWeights.inter-1") == "600")
        #expect(result.value("core.colors.red.500") == quoted("#ef4444ff"))
        #expect(result.value("semantic.bg.accentSubtle") == quoted("#d3e0fbff"))
        #expect(result.value("semantic.typography.body") == ##"{"fontFamily":"Inter","fontSize":{"unit":"px","value":16},"fontWeight":400,"letterSpacing":{"unit":"px","value":0},"lineHeight":1.5,"paragraphSpacing":"0px","textCase":"none","textDecoration":"none"}"##)
        #expect(result.value("semantic.typography.heading") == ##"{"fontFamily":"Inter","fontSize":{"unit":"px","value":24},"fontWeight":700,"letterSpacing":{"unit":"px","value":-0.48},"lineHeight":1.2,"textCase":"uppercase"}"##)
        #expect(result.value("semantic.control.disabledOpacity") == "0.4")
        #expect(result.value("semantic.control.visible") == "true")
        // The modifier is applied, as Tokens Studio does: darken 0.15 in CIE LCH (D50) scales L and C
        // by 0.85. Computed with ColorAide (Python): Color('#2563eb').convert('lch') = lch(44.791 78.474
        // 285.56) → lch(38.072 66.703 285.56) → sRGB #2754c4. Not blue.600's #2563eb any more.
        #expect(result.value("semantic.bg.accentHover") == quoted("#2754c4ff"))
        #expect(result.skin?.tokens["semantic.bg.accentHover"]?.extensions?["studio.tokens"]?["modify"] == nil)
    }

    @Test("an export is the root of a lineage that app skins extend and override")
    func exportAsBase() throws {
        let app = ##"""
        { "$livery": { "extends": "studio", "variants": { "dark": { "core": { "colors": { "neutral": { "0": { "$value": "#111111" } } } } } } },
          "core": { "colors": { "blue": { "600": { "$value": "#7c3aed" } } } } }
        """##
        let skins = [
            LineageEntry(skin: "studio", version: 4, document: try SkinDocument.parse(Array(TokensStudioExport.json.utf8))),
            LineageEntry(skin: "app", version: 1, document: document(app)),
        ]
        let light = resolve(skins)
        #expect(light.value("semantic.bg.accent") == quoted("#7c3aedff"))
        #expect(light.value("semantic.bg.accentSubtle") == quoted("#e5d8fbff"))
        let dark = resolve(skins, variants: ["dark"])
        #expect(dark.value("semantic.bg.default") == quoted("#111111ff"))
        #expect(dark.value("semantic.fg.onAccent") == quoted("#111111ff"))
        #expect(dark.skin?.lineage == ["studio@4", "app@1"])
    }
}
