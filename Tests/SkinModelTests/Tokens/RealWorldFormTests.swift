import Testing
@testable import SkinModel

/// docs/skins.md, "What tool exports may contain" forms that real exports write and that used to be refused, ignored or silent
/// (issue 25): each is read as what it means, with the warning that names its kind.
@Suite("Real-world forms (§1.8)")
struct RealWorldFormTests {
    func resolved(_ text: String) -> Result<ResolvedSkin, SkinProblems> {
        resolve(lineage([("forms", 1, text)]))
    }

    func warnings(_ result: Result<ResolvedSkin, SkinProblems>) -> [String] {
        (result.skin?.warnings ?? []).map { "\($0.path): \($0.kindDescription)" }.sorted()
    }

    /// The warnings of reading a document (before resolution), one `path: kind` per path.
    func documentWarnings(_ text: String) -> [String] {
        documentProblems(text).warnings.flatMap { warning in (warning.paths.isEmpty ? [warning.path] : warning.paths).map { "\($0): \(warning.kindDescription)" } }
    }

    @Test("Primer's alpha makes a colour translucent, and tokens that reference it get the translucent colour")
    func primerAlpha() throws {
        let text = ##"""
        {"base": {"color": {"$type": "color",
           "neutral": {"$value": {"colorSpace": "srgb", "components": [0.82, 0.85, 0.88], "hex": "#d1d9e0"}},
           "transparent": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1], "alpha": 1, "hex": "#fff"}, "alpha": 0}}},
         "borderColor": {"$type": "color",
           "muted": {"$value": "{base.color.neutral}", "alpha": 0.7},
           "alias": {"$value": "{borderColor.muted}"},
           "opaqueAgain": {"$value": "{borderColor.muted}", "alpha": 1}},
         "size": {"$type": "number", "$value": 4, "alpha": 0.5}}
        """##
        let result = resolved(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.value("base.color.transparent") == quoted("#ffffff00"))
        #expect(result.value("borderColor.muted") == quoted("#d1d9e0b3"))
        #expect(result.value("borderColor.alias") == quoted("#d1d9e0b3"))
        #expect(result.value("borderColor.opaqueAgain") == quoted("#d1d9e0ff"))
        #expect(result.value("size") == "4")
        #expect(documentWarnings(text).contains("borderColor.muted: mapped-type (Primer alpha → alpha())"), "\(documentWarnings(text))")
        #expect(documentWarnings(text).contains("size: ignored-member (alpha)"), "not a colour: nothing to apply")
        // format=dtcg writes the translucent colour without the member, so publishing it again gives the same.
        let skin = try #require(result.skin)
        let dtcg = canonical(skin.dtcgDocument(explain: false, channel: nil))
        let again = resolve(lineage([("forms", 2, dtcg)]))
        #expect(again.value("borderColor.muted") == quoted("#d1d9e0b3"))
        #expect(again.value("borderColor.opaqueAgain") == quoted("#d1d9e0ff"))
    }

    @Test("Primer's mix blends in the other colour by its weight, before the alpha")
    func primerMix() {
        let bad = documentProblems(##"{"c": {"$type": "color", "bad": {"$value": "#ffffff", "mix": {"color": "#000000"}}}}"##)
        #expect(bad.errors.map(\.path) == ["c.bad"], "a mix without its weight is an error, not ignored")
        let goodText = ##"""
        {"c": {"$type": "color", "black": {"$value": "#000000"},
           "button": {"$value": "#ffffff", "mix": {"color": "{c.black}", "weight": 0.25}},
           "glass": {"$value": "#ffffff", "mix": {"color": "#000000", "weight": 0.5}, "alpha": 0.5}}}
        """##
        let good = resolved(goodText)
        #expect(good.value("c.button") == quoted("#bfbfbfff"))
        #expect(good.value("c.glass") == quoted("#80808080"))
        #expect(documentWarnings(goodText).contains("c.button: mapped-type (Primer mix → mix())"), "\(documentWarnings(goodText))")
    }

    @Test("a font stack written as one string becomes a CSS font-family list")
    func fontStacks() throws {
        let result = resolved(##"""
        {"fontStack": {"$type": "fontFamily",
           "sans": {"$value": ["-apple-system, BlinkMacSystemFont, 'Segoe UI', \"Noto Sans\", Helvetica, Arial, sans-serif, 'Apple Color Emoji'"]},
           "mono": {"$value": "ui-monospace, SFMono-Regular, SF Mono, Menlo, monospace"},
           "list": {"$value": ["Inter", "Helvetica Neue", "serif"]},
           "odd": {"$value": ["Font 2", "serif ish", "Ben's"]}},
         "text": {"$type": "typography", "$value": {"fontFamily": "{fontStack.mono}", "fontSize": {"value": 13, "unit": "px"}}}}
        """##)
        let skin = try #require(result.skin)
        let css = String(decoding: skin.styleSheet(explain: false, channel: nil), as: UTF8.self)
        #expect(css.contains(##"--fontStack-sans: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif, "Apple Color Emoji";"##), "\(css)")
        #expect(css.contains(##"--fontStack-mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, monospace;"##))
        #expect(css.contains(##"--fontStack-list: Inter, "Helvetica Neue", serif;"##))
        #expect(css.contains(##"--fontStack-odd: "Font 2", "serif ish", "Ben's";"##))
        #expect(css.contains(##"--text-font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, monospace;"##))
        // The value itself stays as given.
        #expect(result.value("fontStack.mono") == quoted("ui-monospace, SFMono-Regular, SF Mono, Menlo, monospace"))
    }

    @Test("dimensions and durations written as text publish with their legacy-form warning")
    func measuresAsText() {
        let result = resolved(##"""
        {"size": {"$type": "dimension", "m": {"$value": "16px"}, "r": {"$value": "0.5rem"},
                  "empty": {"$value": {"value": 2, "unit": ""}}},
         "motion": {"$type": "duration", "fast": {"$value": "200ms"}, "slow": {"$value": "0.3s"}}}
        """##)
        #expect(result.value("size.m") == ##"{"unit":"px","value":16}"##)
        #expect(result.value("size.r") == ##"{"unit":"rem","value":0.5}"##)
        #expect(result.value("size.empty") == ##"{"unit":"px","value":2}"##)
        #expect(result.value("motion.fast") == ##"{"unit":"ms","value":200}"##)
        #expect(result.value("motion.slow") == ##"{"unit":"s","value":0.3}"##)
        let found = warnings(result)
        for expected in [
            "size.m: legacy-form (dimension as text)", "size.r: legacy-form (dimension as text)", "size.empty: legacy-form (empty unit)",
            "motion.fast: legacy-form (duration as text)", "motion.slow: legacy-form (duration as text)",
        ] {
            #expect(found.contains(expected), "\(expected) in \(found)")
        }
    }

    @Test("color() in every space §1.8 lists, with / alpha, and the other CSS Color 4 functions")
    func cssColorFunctions() {
        #expect(hex("color(srgb 0 0 0 / 0.1)") == "#0000001a")
        #expect(hex("color(srgb 100% 50% 0%)") == "#ff8000ff")
        #expect(hex("color(srgb-linear 1 1 1)") == "#ffffffff")
        #expect(hex("color(display-p3 1 1 1 / 50%)") == "#ffffff80")
        #expect(hex("color(xyz 0.9505 1 1.089)") == "#ffffffff")
        #expect(hex("color(xyz-d65 0.9505 1 1.089)") == "#ffffffff")
        #expect(hex("color(xyz-d50 0.9642 1 0.8251)") == "#ffffffff")
        #expect(hex("color(a98-rgb 1 1 1)") == "#ffffffff")
        #expect(hex("color(prophoto-rgb 0 0 0)") == "#000000ff")
        #expect(hex("color(rec2020 1 1 1 / none)") == "#ffffff00")
        #expect(hex("oklch(62.8% 0.2577 29.23)") == "#ff0000ff")
        #expect(hex("oklab(1 0 0)") == "#ffffffff")
        #expect(hex("lab(100 0 0 / 0.5)") == "#ffffff80")
        #expect(hex("lch(0% 0 0)") == "#000000ff")
        #expect(hex("hwb(0 0% 0%)") == "#ff0000ff")
        #expect(hex("hwb(-120deg 0% 0%)") == "#0000ffff")
        #expect(hex("color(cmyk 0 0 0 0)").hasPrefix("error: 'color(cmyk 0 0 0 0)': the colour space must be one of"))
        #expect(hex("color(srgb 2 0 0)").hasPrefix("error:"), "out of the space's range, as the DTCG object")
        // Outside sRGB it is clipped and says so, as a display-p3 object would.
        let wide = resolved(##"{"c": {"$type": "color", "$value": "color(display-p3 1 0 0)"}}"##)
        #expect(wide.value("c") == quoted("#ff0000ff"))
        #expect(warnings(wide) == ["c: out-of-gamut (clipped)"])
    }

    @Test("Figma's textCase words and a line height in another unit than the font size")
    func typographyVocabulary() throws {
        let result = resolved(##"""
        {"t": {"$type": "typography",
           "original": {"$value": {"fontFamily": "Inter", "fontSize": "16px", "textCase": "ORIGINAL"}},
           "upper": {"$value": {"fontFamily": "Inter", "fontSize": {"value": 1, "unit": "rem"}, "textCase": "UPPER", "lineHeight": {"value": 24, "unit": "px"}}},
           "lower": {"$value": {"fontFamily": "Inter", "fontSize": "16px", "textCase": "LOWER", "lineHeight": "24px"}},
           "title": {"$value": {"fontFamily": "Inter", "fontSize": "16px", "textCase": "TITLE"}}}}
        """##)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.value("t.original")?.contains(##""textCase":"none""##) == true)
        #expect(result.value("t.upper") == ##"{"fontFamily":"Inter","fontSize":{"unit":"rem","value":1},"lineHeight":{"unit":"px","value":24},"textCase":"uppercase"}"##)
        #expect(result.value("t.lower")?.contains(##""lineHeight":1.5,"textCase":"lowercase""##) == true, "same unit: a multiplier")
        #expect(result.value("t.title")?.contains(##""textCase":"capitalize""##) == true)
        let found = warnings(result)
        #expect(found.contains("t.upper: mapped-type (Figma textCase → CSS text case)"))
        #expect(found.contains("t.upper: mapped-type (typography lineHeight as a length)"))
        let css = String(decoding: try #require(result.skin).styleSheet(explain: false, channel: nil), as: UTF8.self)
        #expect(css.contains("--t-upper-line-height: 24px;"))
        #expect(css.contains("--t-upper-text-transform: uppercase;"))
        #expect(readValue(json(##"{"fontFamily": "Inter", "fontSize": "16px", "textCase": "SHOUTING"}"##), as: .typography).errorCode == .invalidValue)
    }

    @Test("a group member $ref to another group is the same as $extends; one to a token stays a token")
    func groupReference() {
        let result = resolved(##"""
        {"base": {"button": {"$type": "color", "bg": {"$value": "#ffffff"}, "fg": {"$value": "#000000"}}},
         "danger": {"button": {"$ref": "#/base/button", "fg": {"$value": "#ff0000"}}},
         "plain": {"button": {"$ref": "#/base/button"}},
         "tint": {"$ref": "#/base/button/bg"}}
        """##)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.value("danger.button.bg") == quoted("#ffffffff"))
        #expect(result.value("danger.button.fg") == quoted("#ff0000ff"))
        #expect(result.value("plain.button.fg") == quoted("#000000ff"))
        #expect(result.value("tint") == quoted("#ffffffff"))
        #expect(!warnings(result).contains { $0.contains("ignored-member") }, "\(warnings(result))")
        let cycle = documentProblems(##"{"a": {"$ref": "#/b", "x": {"$type": "number", "$value": 1}}, "b": {"$ref": "#/a", "y": {"$type": "number", "$value": 2}}}"##)
        #expect(cycle.errors.map(\.code).contains(.cycle), "\(cycle.errors)")
    }

    @Test("a bundle's $extends error names the file that wrote it")
    func extendsErrorNamesItsFile() {
        let bundle = ##"""
        {"resolver": {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "base.json"}, {"$ref": "theme/dark.json"}]}},
                      "resolutionOrder": [{"$ref": "#/sets/base"}]},
         "files": {"base.json": {"button": {"$type": "number", "size": {"$value": 1}}},
                   "theme/dark.json": {"danger": {"$extends": "{nothing.here}", "size": {"$type": "number", "$value": 2}}}}}
        """##
        let errors = documentProblems(bundle).errors + resolve(lineage([("system", 1, bundle)])).errors
        #expect(errors.contains { $0.path == "theme/dark.json#/danger/$extends" && $0.code == .unknownReference }, "\(errors.map { "\($0.path) \($0.code)" })")
    }
}
