import Testing
@testable import SkinModel

/// docs/skins.md, "What tool exports may contain", "`format=dtcg` gives back what came in": literal notations kept (a colour's space,
/// components and alpha with its sRGB `hex`, a font weight's keyword, a dimension's unit),
/// derived values written in `srgb`, and the round trip giving the same flat tokens.
@Suite("format=dtcg keeps literal notations")
struct DTCGNotationTests {
    /// Expected hexes are CSS Color 4's conversions, computed outside Livery.
    static let cases: [(name: String, type: String, written: String, output: String)] = [
        ("display-p3 in gamut", "color", ##"{"colorSpace":"display-p3","components":[0.2,0.4,0.8]}"##,
         ##"{"colorSpace":"display-p3","components":[0.2,0.4,0.8],"hex":"#1b68d3"}"##),
        ("display-p3 outside sRGB keeps the exporter's hex", "color", ##"{"colorSpace":"display-p3","components":[0,1,0],"alpha":0.5,"hex":"#12e634"}"##,
         ##"{"alpha":0.5,"colorSpace":"display-p3","components":[0,1,0],"hex":"#12e634"}"##),
        ("display-p3 outside sRGB without hex gets the clipped one", "color", ##"{"colorSpace":"display-p3","components":[0,1,0]}"##,
         ##"{"colorSpace":"display-p3","components":[0,1,0],"hex":"#00ff00"}"##),
        ("oklch with alpha", "color", ##"{"colorSpace":"oklch","components":[0.7,0.1,250],"alpha":0.8}"##,
         ##"{"alpha":0.8,"colorSpace":"oklch","components":[0.7,0.1,250],"hex":"#6da3da"}"##),
        ("a hex that disagrees inside sRGB gives way to the components'", "color", ##"{"colorSpace":"srgb","components":[1,0,0],"hex":"#00ff00"}"##,
         ##"{"colorSpace":"srgb","components":[1,0,0],"hex":"#ff0000"}"##),
        ("none components stay none", "color", ##"{"colorSpace":"hsl","components":["none",0,50]}"##,
         ##"{"colorSpace":"hsl","components":["none",0,50],"hex":"#808080"}"##),
        ("a pre-2025 channels member is written as components", "color", ##"{"colorSpace":"srgb","channels":[0.2,0.4,1]}"##,
         ##"{"colorSpace":"srgb","components":[0.2,0.4,1],"hex":"#3366ff"}"##),
        ("hex text is written in srgb", "color", ##""#3366ff""##,
         ##"{"colorSpace":"srgb","components":[0.2,0.4,1],"hex":"#3366ff"}"##),
        ("a font weight keyword stays", "fontWeight", ##""bold""##, ##""bold""##),
        ("a tool's keyword spelling becomes its number", "fontWeight", ##""SemiBold""##, "600"),
        ("a rem dimension stays rem", "dimension", ##"{"value":1.5,"unit":"rem"}"##, ##"{"unit":"rem","value":1.5}"##),
        ("a duration in seconds stays in seconds", "duration", ##"{"value":0.5,"unit":"s"}"##, ##"{"unit":"s","value":0.5}"##),
        ("typography keeps its colour's space and weight keyword", "typography",
         ##"{"fontFamily":"Inter","fontSize":{"value":1,"unit":"rem"},"fontWeight":"bold","color":{"colorSpace":"display-p3","components":[0.2,0.4,0.8]}}"##,
         ##"{"color":{"colorSpace":"display-p3","components":[0.2,0.4,0.8],"hex":"#1b68d3"},"fontFamily":"Inter","fontSize":{"unit":"rem","value":1},"fontWeight":"bold"}"##),
        ("shadow layers keep their colours' spaces", "shadow",
         ##"[{"color":{"colorSpace":"oklch","components":[0.7,0.1,250]},"offsetX":{"value":0,"unit":"px"},"offsetY":{"value":2,"unit":"px"},"blur":{"value":4,"unit":"px"},"spread":{"value":0,"unit":"px"}}]"##,
         ##"[{"blur":{"unit":"px","value":4},"color":{"colorSpace":"oklch","components":[0.7,0.1,250],"hex":"#6da3da"},"offsetX":{"unit":"px","value":0},"offsetY":{"unit":"px","value":2},"spread":{"unit":"px","value":0}}]"##),
    ]

    static func resolved(_ text: String) throws -> ResolvedSkin {
        try Resolver.resolve(ResolutionRequest(lineage: [LineageEntry(skin: "s", version: 1, document: document(text))]))
    }

    @Test("a literal is written in the notation it came in", arguments: cases.indices)
    func literal(index: Int) throws {
        let entry = Self.cases[index]
        let skin = try Self.resolved(##"{"t": {"$type": "\##(entry.type)", "$value": \##(entry.written)}}"##)
        let output = skin.document(format: .dtcg)
        #expect(canonical(try #require(output["t"]?["$value"])) == entry.output, "\(entry.name)")
        // Republished, the output resolves to the same flat value.
        let again = try Resolver.resolve(ResolutionRequest(lineage: [LineageEntry(skin: "s", version: 1, document: try SkinDocument(json: output))]))
        #expect(again.tokens["t"]?.value.flatJSON == skin.tokens["t"]?.value.flatJSON, "\(entry.name)")
    }

    @Test("derived values are written in srgb: aliases, colour functions, composites with references")
    func derived() throws {
        let skin = try Self.resolved(##"""
            {"c": {"$type": "color",
              "p3": {"$value": {"colorSpace": "display-p3", "components": [0.2, 0.4, 0.8]}},
              "alias": {"$value": "{c.p3}"},
              "glass": {"$value": "alpha({c.p3}, 0.5)"}},
             "text": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "16px", "color": "{c.p3}"}}}
            """##)
        let output = skin.document(format: .dtcg)
        let p3 = ##"{"colorSpace":"display-p3","components":[0.2,0.4,0.8],"hex":"#1b68d3"}"##
        #expect(canonical(try #require(output["c"]?["p3"]?["$value"])) == p3)
        let alias = try #require(output["c"]?["alias"]?["$value"])
        #expect(alias["colorSpace"] == .string("srgb"))
        #expect(alias["hex"] == .string("#1b68d3"))
        let glass = try #require(output["c"]?["glass"]?["$value"])
        #expect(glass["colorSpace"] == .string("srgb"))
        #expect(glass["alpha"] == .number(0.5))
        #expect(output["text"]?["$value"]?["color"]?["colorSpace"] == .string("srgb"))
        let again = try Resolver.resolve(ResolutionRequest(lineage: [LineageEntry(skin: "s", version: 1, document: try SkinDocument(json: output))]))
        #expect(again.tokens.mapValues(\.value.flatJSON) == skin.tokens.mapValues(\.value.flatJSON))
    }

    @Test("a composite with references keeps the notation of its literal members; the referenced ones are srgb")
    func compositeMembers() throws {
        let skin = try Self.resolved(##"""
            {"d": {"$type": "dimension", "two": {"$value": {"value": 2, "unit": "px"}}},
             "c": {"$type": "color", "p3": {"$value": {"colorSpace": "display-p3", "components": [0.2, 0.4, 0.8]}}},
             "lift": {"$type": "shadow", "$value": {
               "color": {"colorSpace": "oklch", "components": [0.7, 0.1, 250], "alpha": 0.5},
               "offsetX": "{d.two}", "offsetY": {"value": 4, "unit": "px"}, "blur": "{d.two}", "spread": {"value": 0, "unit": "px"}}},
             "glow": {"$type": "shadow", "$value": [
               {"color": "{c.p3}", "offsetX": {"value": 0, "unit": "px"}, "offsetY": "{d.two}", "blur": {"value": 8, "unit": "px"}, "spread": {"value": 0, "unit": "px"}},
               {"color": {"colorSpace": "display-p3", "components": [1, 0, 0]}, "offsetX": "{d.two}", "offsetY": {"value": 0, "unit": "px"}, "blur": {"value": 1, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}]},
             "text": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "{d.two}",
               "color": {"colorSpace": "hsl", "components": [210, 50, 40]}}}}
            """##)
        let output = skin.document(format: .dtcg)
        let lift = try #require(output["lift"]?["$value"])
        let liftColor = try #require(lift["color"] ?? lift.arrayValue?.first?["color"])
        #expect(liftColor["colorSpace"] == .string("oklch"), "\(canonical(lift))")
        #expect(liftColor["alpha"] == .number(0.5))
        let glow = try #require(output["glow"]?["$value"]?.arrayValue)
        #expect(glow.count == 2)
        #expect(glow.first?["color"]?["colorSpace"] == .string("srgb"), "the referenced colour is derived")
        #expect(glow.last?["color"]?["colorSpace"] == .string("display-p3"), "the literal member keeps its space")
        #expect(output["text"]?["$value"]?["color"]?["colorSpace"] == .string("hsl"))
        // Republished, the output resolves to the same flat document.
        let again = try Resolver.resolve(ResolutionRequest(lineage: [LineageEntry(skin: "s", version: 1, document: try SkinDocument(json: output))]))
        #expect(again.tokens.mapValues(\.value.flatJSON) == skin.tokens.mapValues(\.value.flatJSON))
    }

    @Test("a literal overriding an alias in a later layer keeps its notation; the alias it replaced does not")
    func layered() throws {
        let base = ##"{"c": {"$type": "color", "a": {"$value": "#ff0000"}, "b": {"$value": "{c.a}"}}}"##
        let app = ##"{"$livery": {"extends": "base"}, "c": {"b": {"$value": {"colorSpace": "oklch", "components": [0.7, 0.1, 250]}}}}"##
        let skin = try #require(resolve(lineage([("base", 1, base), ("app", 2, app)])).skin)
        let output = skin.document(format: .dtcg)
        #expect(output["c"]?["b"]?["$value"]?["colorSpace"] == .string("oklch"))
        #expect(output["c"]?["a"]?["$value"]?["colorSpace"] == .string("srgb"))
    }
}
