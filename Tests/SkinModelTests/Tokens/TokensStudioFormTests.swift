import Testing
@testable import SkinModel

/// docs/skins.md, "What tool exports may contain": Tokens Studio's own forms under DTCG types publish as Tokens Studio means them: its
/// colour modifiers are APPLIED (not kept and ignored), `rgba({ref}, a)` is `alpha`, a multi-value
/// spacing and a CSS gradient are opaque with their references resolved; the near misses stay errors.
///
/// Expected colours were computed outside Livery with ColorAide 8.13 (Python; a port of colorjs.io's
/// conversions, which sd-transforms uses), applying sd-transforms' own formulas
/// (`src/color-modifiers/{lighten,darken,mix}.ts`), then clipping to sRGB and rounding to 8 bits:
///   lighten, srgb/p3: each channel c → min(1, c + a·(1 − c)) (p3: display-p3's channels)
///   darken,  srgb/p3: c → max(0, c − a·c)
///   lighten, hsl: L → min(100, L + (100 − L)·a);   darken, hsl: L → max(0, L − L·a)
///   lighten, lch: L → min(100, L + (100 − L)·a), C → max(0, C − a·C)   (CIE LCH, D50)
///   darken,  lch: L → max(0, L − L·a),           C → max(0, C − a·C)
///   mix(a, b, t, space) = colorjs Color.mix(b, t, {space}), straight alpha, hue on the shorter arc
/// e.g. `Color('#2563eb').convert('lch')` = lch(44.791 78.474 285.56); darken 0.15 →
/// lch(38.072 66.703 285.56) → #2754c4.
@Suite("Tokens Studio forms and colour modifiers")
struct TokensStudioFormTests {
    static func modified(_ base: String, _ modify: String) -> String {
        ##"{"c": {"$type": "color", "base": {"$value": "\##(base)"}, "other": {"$value": "#f56565"}, "x": {"$value": "{c.base}", "$extensions": {"studio.tokens": {"modify": \##(modify)}}}}}"##
    }

    /// Each channel of two `#rrggbbaa` strings within one 8-bit step (CSS Color 4's samples and
    /// ColorAide round at the last digit; Livery keeps full precision until the hex).
    static func close(_ a: String?, _ b: String) -> Bool {
        guard let a, a.count == b.count else { return false }
        let digits = { (s: String) in stride(from: 1, to: s.count - 1, by: 2).map { Int(String(Array(s)[$0..<$0 + 2]), radix: 16) ?? -99 } }
        return zip(digits(a), digits(b)).allSatisfy { abs($0 - $1) <= 1 }
    }

    @Test("modifiers apply as Tokens Studio applies them, in each of its spaces", arguments: [
        ("#f56565", ##"{"type": "lighten", "value": "0.1", "space": "srgb"}"##, "#f67474ff"),
        ("#f56565", ##"{"type": "darken", "value": "0.1", "space": "srgb"}"##, "#dc5b5bff"),
        ("#f56565", ##"{"type": "lighten", "value": 0.1, "space": "hsl"}"##, "#f67474ff"),
        ("#f56565", ##"{"type": "darken", "value": "0.1", "space": "hsl"}"##, "#f34545ff"),
        ("#f56565", ##"{"type": "lighten", "value": "0.1", "space": "lch"}"##, "#f97673ff"),
        ("#f56565", ##"{"type": "darken", "value": "0.1", "space": "lch"}"##, "#da5b5bff"),
        ("#f56565", ##"{"type": "lighten", "value": "0.1", "space": "p3"}"##, "#f77575ff"),
        ("#f56565", ##"{"type": "darken", "value": "10%", "space": "p3"}"##, "#dd5b5bff"),
        ("#2563eb", ##"{"type": "lighten", "value": "0.3", "space": "hsl"}"##, "#6692f1ff"),
        ("#2563eb", ##"{"type": "darken", "value": "0.3", "space": "hsl"}"##, "#1042aeff"),
        ("#2563eb", ##"{"type": "lighten", "value": "0.3", "space": "lch"}"##, "#7f8ef3ff"),
        ("#2563eb", ##"{"type": "darken", "value": "0.3", "space": "lch"}"##, "#27459eff"),
        ("#2563eb", ##"{"type": "darken", "value": "0.15", "space": "lch"}"##, "#2754c4ff"),
        ("#2563eb", ##"{"type": "lighten", "value": "0.3", "space": "p3"}"##, "#6a92f2ff"),
        ("#2563eb", ##"{"type": "darken", "value": "0.3", "space": "p3"}"##, "#1b45a5ff"),
        ("#2563eb", ##"{"type": "mix", "value": "0.25", "space": "srgb", "color": "#f56565"}"##, "#5964caff"),
        ("#2563eb", ##"{"type": "mix", "value": "0.25", "space": "hsl", "color": "#f56565"}"##, "#6635eeff"),
        ("#2563eb", ##"{"type": "mix", "value": "0.25", "space": "lch", "color": "{c.other}"}"##, "#9d52d6ff"),
        ("#2563eb", ##"{"type": "mix", "value": "0.25", "space": "p3", "color": "#f56565"}"##, "#6165cbff"),
        // An achromatic colour (white) takes the other's hue.
        ("#ffffff", ##"{"type": "mix", "value": "0.5", "space": "hsl", "color": "#2563eb"}"##, "#abbadcff"),
        ("#ffffff", ##"{"type": "mix", "value": "0.5", "space": "lch", "color": "#2563eb"}"##, "#a7adf7ff"),
        ("#0000ff", ##"{"type": "alpha", "value": "0.5"}"##, "#0000ff80"),
    ])
    func modifier(base: String, modify: String, expected: String) throws {
        let doc = document(Self.modified(base, modify))
        let problems = Validator.validate(document: doc, ancestors: [])
        #expect(problems.errors.isEmpty, "\(problems.errors)")
        let kind = try #require(problems.warnings.first { $0.code == .mappedType })
        #expect(kind.detail?.hasPrefix("studio.tokens modify → ") == true)
        #expect(kind.paths == ["c.x"])
        let result = resolve([LineageEntry(skin: "s", version: 1, document: doc)])
        let value = result.value("c.x").map { String($0.dropFirst().dropLast()) }
        #expect(Self.close(value, expected), "\(value ?? "\(result.errors)") vs \(expected)")
    }

    @Test("format=dtcg gives the modified colour without the applied modifier, and the round trip holds")
    func modifierRoundTrip() throws {
        let doc = document(##"{"c": {"$type": "color", "a": {"$value": "#2563eb"}, "x": {"$value": "{c.a}", "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": "0.15", "space": "lch"}, "id": "k1"}}}}}"##)
        let skin = try #require(resolve([LineageEntry(skin: "s", version: 1, document: doc)]).skin)
        let output = skin.document(format: .dtcg)
        #expect(output["c"]?["x"]?["$extensions"]?["studio.tokens"] == json(##"{"id": "k1"}"##))
        let again = try #require(resolve([LineageEntry(skin: "s", version: 1, document: try SkinDocument(json: output))]).skin)
        #expect(canonical(again.tokens["c.x"]!.value.flatJSON) == canonical(skin.tokens["c.x"]!.value.flatJSON))
    }

    @Test("a modifier Livery cannot apply as Tokens Studio does is an error, never ignored", arguments: [
        (##"{"type": "darken", "value": "0.1", "space": "cmyk"}"##, DiagnosticCode.unsupportedColorSpace, "space 'cmyk' is not one Tokens Studio's modifiers use"),
        (##"{"type": "darken", "value": "0.1"}"##, .invalidValue, "darken needs a space"),
        (##"{"type": "saturate", "value": "0.1", "space": "hsl"}"##, .invalidValue, "type \"saturate\" is not lighten, darken, mix or alpha"),
        (##"{"type": "darken", "value": "lots", "space": "hsl"}"##, .invalidValue, "value \"lots\" is not a number"),
        (##"{"type": "mix", "value": "0.5", "space": "hsl"}"##, .invalidValue, "mix needs a color"),
        (##""darken""##, .invalidValue, "modify must be an object"),
    ])
    func modifierErrors(modify: String, code: DiagnosticCode, message: String) {
        let problems = documentProblems(Self.modified("#2563eb", modify))
        let error = problems.errors.first
        #expect(error?.code == code, "\(problems.errors)")
        #expect(error?.path == "c.x")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "none")")
    }

    @Test("a modifier's amount outside 0…1, or on a value that is no colour, is an error at resolution", arguments: [
        (##"{"c": {"$type": "color", "x": {"$value": "#2563eb", "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": 1.5, "space": "lch"}}}}}}"##, DiagnosticCode.invalidValue),
        (##"{"c": {"$type": "color", "x": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1]}, "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": 0.5, "space": "lch"}}}}}}"##, .invalidValue),
        (##"{"n": {"$type": "number", "$value": "3", "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": 0.5, "space": "lch"}}}}}"##, .expressionType),
    ])
    func modifierValueErrors(text: String, code: DiagnosticCode) {
        let problems = documentProblems(text)
        let all = problems.errors.isEmpty ? Validator.validate(document: document(text), ancestors: []).errors : problems.errors
        #expect(all.first?.code == code, "\(all)")
    }

    // MARK: value forms

    static let forms = ##"""
        {"dimension": {"$type": "dimension", "sm": {"$value": "8px"}, "xl": {"$value": "32px"}},
         "spacing": {"$type": "spacing",
            "pair": {"$value": "{dimension.sm} {dimension.xl}"},
            "four": {"$value": "{dimension.sm} 0 {dimension.xl} 4px"},
            "literal": {"$value": "8px 16px"}},
         "colors": {"$type": "color", "black": {"$value": "#000000"}, "blue": {"$value": "#0000FF"}, "half": {"$type": "number", "$value": 0.25},
            "blue-alpha": {"$value": "rgba({colors.blue}, 50%)"},
            "blue-ref-alpha": {"$value": "rgba( {colors.blue} , {colors.half})"},
            "gradient": {"$value": "linear-gradient(180deg, {colors.black} 0%, rgba({colors.black}, 0.00) 45%)"},
            "shade": {"$type": "shadow", "$value": {"color": "rgba({colors.black}, 0.4)", "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px"}}},
         "scale": {"$type": "math", "$value": "2"},
         "double": {"$type": "dimension", "$value": "{dimension.sm} * {scale}"},
         "computed": {"$type": "math", "$value": "{dimension.sm} * 3"},
         "label": {"$type": "string", "$value": "rgba({colors.blue}, 50%)"},
         "figma": {"$type": "unknown", "$value": "rgba({colors.blue}, 50%)"}}
        """##

    @Test("Tokens Studio's forms read as Livery's, or as opaque text with the references resolved", arguments: [
        ("spacing.pair", ##"{"type":"css-shorthand","value":"8px 32px"}"##),
        ("spacing.four", ##"{"type":"css-shorthand","value":"8px 0 32px 4px"}"##),
        ("spacing.literal", ##"{"type":"css-shorthand","value":"8px 16px"}"##),
        ("colors.blue-alpha", ##"{"type":"color","value":"#0000ff80"}"##),
        ("colors.blue-ref-alpha", ##"{"type":"color","value":"#0000ff40"}"##),
        ("colors.gradient", ##"{"type":"css-gradient","value":"linear-gradient(180deg, #000000 0%, #00000000 45%)"}"##),
        ("scale", ##"{"type":"number","value":2}"##),
        ("double", ##"{"type":"dimension","value":{"unit":"px","value":16}}"##),
        ("computed", ##"{"type":"dimension","value":{"unit":"px","value":24}}"##),
        // Where a colour cannot be, the text stays as written.
        ("label", ##"{"type":"string","value":"rgba({colors.blue}, 50%)"}"##),
        ("figma", ##"{"type":"unknown","value":"rgba({colors.blue}, 50%)"}"##),
    ])
    func form(path: String, flat: String) throws {
        let doc = document(Self.forms)
        #expect(Validator.validate(document: doc, ancestors: []).errors.isEmpty)
        let skin = try #require(resolve([LineageEntry(skin: "s", version: 1, document: doc)]).skin)
        let token = try #require(skin.tokens[path])
        #expect(canonical(.object(JSONObject([("type", .string(token.typeName)), ("value", token.value.flatJSON)]))) == flat)
    }

    @Test("each form is one warning kind naming its paths")
    func formWarnings() {
        let problems = Validator.validate(document: document(Self.forms), ancestors: [])
        let kinds = Dictionary(uniqueKeysWithValues: problems.warnings.map { ($0.kindDescription, $0.paths) })
        #expect(kinds["opaque-form (multi-value spacing)"] == ["spacing.pair", "spacing.four", "spacing.literal"])
        #expect(kinds["opaque-form (CSS gradient)"] == ["colors.gradient"])
        #expect(kinds["mapped-type (rgba(colour, alpha) → alpha(colour, alpha))"] == ["colors.blue-alpha", "colors.blue-ref-alpha", "colors.shade"])
        #expect(kinds["mapped-type (math → number or the expression's type)"] == ["scale", "computed"])
    }

    @Test("the opaque forms and their references survive format=dtcg")
    func formRoundTrip() throws {
        let skin = try #require(resolve([LineageEntry(skin: "s", version: 1, document: document(Self.forms))]).skin)
        let again = try #require(resolve([LineageEntry(skin: "s", version: 1, document: try SkinDocument(json: skin.document(format: .dtcg)))]).skin)
        #expect(again.tokens.mapValues { canonical($0.value.flatJSON) + $0.typeName } == skin.tokens.mapValues { canonical($0.value.flatJSON) + $0.typeName })
    }

    @Test("near misses stay errors", arguments: [
        (##"{"c": {"$type": "color", "$value": "banana"}}"##, DiagnosticCode.invalidExpression),
        (##"{"c": {"$type": "color", "$value": "rgba({nope}, 50%)"}}"##, .unknownReference),
        (##"{"b": {"$type": "dimension", "$value": "4px"}, "c": {"$type": "color", "$value": "rgba({b}, 50%)"}}"##, .expressionType),
        (##"{"c": {"$type": "color", "$value": "rgba(#000, 50%)"}}"##, .invalidValue),
        (##"{"s": {"$type": "spacing", "$value": "8px banana"}}"##, .invalidExpression),
        (##"{"s": {"$type": "spacing", "$value": "1px 2px 3px 4px 5px"}}"##, .invalidExpression),
        (##"{"s": {"$type": "spacing", "$value": "{nope} 8px"}}"##, .unknownReference),
        (##"{"s": {"$type": "dimension", "$value": "linear-gradient(180deg, #000 0%, #fff 100%)"}}"##, .invalidExpression),
        (##"{"c": {"$type": "color", "$value": "linear-gradient(180deg, {nope} 0%, #fff 100%)"}}"##, .unknownReference),
        (##"{"n": {"$type": "math", "$value": "banana"}}"##, .invalidExpression),
    ])
    func nearMisses(text: String, code: DiagnosticCode) {
        let parsed = documentProblems(text)
        let errors = parsed.errors.isEmpty ? Validator.validate(document: document(text), ancestors: []).errors : parsed.errors
        #expect(errors.first?.code == code, "\(errors)")
    }

    @Test("the conversions back from sRGB invert CSS Color 4's, so a modifier of 0 changes nothing", arguments: ModifierSpace.allCases)
    func inverse(space: ModifierSpace) {
        for red in stride(from: 0.0, through: 1, by: 0.2) {
            for green in stride(from: 0.0, through: 1, by: 0.25) {
                for blue in stride(from: 0.0, through: 1, by: 0.5) {
                    let color = RGBAColor(red: red, green: green, blue: blue, alpha: 0.5)
                    let back = space.color(space.components(of: color), alpha: color.alpha)
                    let error = max(abs(back.red - red), abs(back.green - green), abs(back.blue - blue))
                    #expect(error < 1e-9, "\(space) \(color) → \(back)")
                    for unchanged in [space.darken(color, by: 0), space.lighten(color, by: 0)] {
                        #expect(max(abs(unchanged.red - red), abs(unchanged.green - green), abs(unchanged.blue - blue)) < 1e-9)
                    }
                }
            }
        }
    }
}
