import Testing
@testable import SkinModel

@Suite("Resolved document output")
struct OutputTests {
    static let doc = ##"""
    { "color": { "$type": "color",
        "tint": { "$value": "#3366ff", "$description": "Brand", "$extensions": { "com.figma": { "id": "1:2" } } },
        "old": { "$value": "{color.tint}", "$deprecated": "use tint" },
        "glass": { "$value": "alpha({color.tint}, 0.5)" } },
      "size": { "corner": { "$type": "dimension", "$value": "8px" } },
      "motion": { "$type": "duration", "fast": { "$value": "200ms" } },
      "font": { "body": { "$type": "typography", "$value": { "fontFamily": ["Inter", "sans-serif"], "fontSize": "16px", "color": "{color.tint}" } } },
      "stroke": { "$type": "strokeStyle", "$value": "dashed" } }
    """##

    func skin() throws -> ResolvedSkin {
        try #require(resolve(lineage([("app", 3, Self.doc)])).skin)
    }

    @Test("flat tokens: type and value only (descriptions and deprecation live in format=dtcg)")
    func flat() throws {
        let text = canonical(try skin().document(format: .flat, explain: false, channel: nil))
        #expect(text == ##"{"images":{},"lineage":["app@3"],"rules":[],"skin":"app","styles":{},"tokens":{"color.glass":{"type":"color","value":"#3366ff80"},"color.old":{"type":"color","value":"#3366ffff"},"color.tint":{"type":"color","value":"#3366ffff"},"font.body":{"type":"typography","value":{"color":"#3366ffff","fontFamily":["Inter","sans-serif"],"fontSize":{"unit":"px","value":16}}},"motion.fast":{"type":"duration","value":{"unit":"ms","value":200}},"size.corner":{"type":"dimension","value":{"unit":"px","value":8}},"stroke":{"type":"strokeStyle","value":"dashed"}},"variants":[],"version":3}"##)
    }

    @Test("explain adds layer and references per token")
    func explain() throws {
        let document = try skin().document(format: .flat, explain: true, channel: "beta")
        #expect(canonical(document["tokens"]!["color.old"]!) == ##"{"layer":"app@3","references":["color.tint"],"type":"color","value":"#3366ffff"}"##)
        #expect(canonical(document["tokens"]!["color.tint"]!) == ##"{"layer":"app@3","references":[],"type":"color","value":"#3366ffff"}"##)
        #expect(document["channel"] == .string("beta"))
    }

    @Test("DTCG format: a token tree with $type/$value in DTCG notation and metadata kept")
    func dtcg() throws {
        let document = try skin().document(format: .dtcg, explain: false, channel: "default")
        #expect(canonical(document["color"]!["tint"]!) == ##"{"$description":"Brand","$extensions":{"com.figma":{"id":"1:2"}},"$type":"color","$value":{"colorSpace":"srgb","components":[0.2,0.4,1],"hex":"#3366ff"}}"##)
        #expect(canonical(document["color"]!["glass"]!["$value"]!) == ##"{"alpha":0.5,"colorSpace":"srgb","components":[0.2,0.4,1],"hex":"#3366ff"}"##)
        #expect(canonical(document["color"]!["old"]!["$deprecated"]!) == quoted("use tint"))
        #expect(canonical(document["size"]!["corner"]!) == ##"{"$type":"dimension","$value":{"unit":"px","value":8}}"##)
        #expect(canonical(document["stroke"]!) == ##"{"$type":"strokeStyle","$value":"dashed"}"##)
        #expect(canonical(document["$extensions"]!["livery"]!) == ##"{"channel":"default","lineage":["app@3"],"skin":"app","variants":[],"version":3}"##)
        // The DTCG output reads back as a skin document that resolves to the same values.
        let reread = try SkinDocument(json: document)
        let again = try #require(resolve([LineageEntry(skin: "app", version: 3, document: reread)]).skin)
        #expect(again.tokens.mapValues(\.value) == (try skin()).tokens.mapValues(\.value))
    }

    @Test("DTCG explain goes under $extensions.livery, keeping vendor extensions")
    func dtcgExplain() throws {
        let document = try skin().document(format: .dtcg, explain: true, channel: nil)
        #expect(canonical(document["color"]!["tint"]!["$extensions"]!) == ##"{"com.figma":{"id":"1:2"},"livery":{"layer":"app@3","references":[]}}"##)
        #expect(canonical(document["color"]!["old"]!["$extensions"]!) == ##"{"livery":{"layer":"app@3","references":["color.tint"]}}"##)
        #expect(document["$extensions"]?["livery"]?["channel"] == nil)
    }

    @Test("$root tokens appear under their group in DTCG output")
    func dtcgRoot() throws {
        let skin = try #require(resolve(lineage([("s", 1, ##"{"c": {"$type": "color", "a": {"$root": {"$value": "#000"}, "b": {"$value": "#fff"}}}}"##)])).skin)
        let document = skin.document(format: .dtcg, explain: false, channel: nil)
        #expect(document["c"]?["a"]?["$root"]?["$type"] == .string("color"))
        #expect(document["c"]?["a"]?["b"] != nil)
    }

    @Test("canonical bytes are identical whatever the order of the input")
    func determinism() throws {
        let reordered = ##"""
        { "stroke": { "$value": "dashed", "$type": "strokeStyle" },
          "font": { "body": { "$value": { "color": "{color.tint}", "fontSize": "16px", "fontFamily": ["Inter", "sans-serif"] }, "$type": "typography" } },
          "motion": { "fast": { "$value": "200ms" }, "$type": "duration" },
          "size": { "corner": { "$value": "8px", "$type": "dimension" } },
          "color": { "glass": { "$value": "alpha({color.tint}, 0.5)" },
            "old": { "$deprecated": "use tint", "$value": "{color.tint}" },
            "tint": { "$extensions": { "com.figma": { "id": "1:2" } }, "$description": "Brand", "$value": "#3366ff" }, "$type": "color" } }
        """##
        let other = try #require(resolve(lineage([("app", 3, reordered)])).skin)
        for format in OutputFormat.allCases {
            for explain in [false, true] {
                #expect(other.canonicalBytes(format: format, explain: explain, channel: "c") == (try skin()).canonicalBytes(format: format, explain: explain, channel: "c"))
            }
        }
    }
}

extension OutputTests {
    @Test("the direct flat writer gives exactly the canonical encoding of the flat document")
    func directWriter() throws {
        var skins = [try skin()]
        skins.append(try #require(resolve(lineage([("base", 3, SpecExampleTests.base), ("app", 7, SpecExampleTests.example)]), variants: ["dark"], assets: SpecExampleTests.exampleAssets).skin))
        skins.append(try #require(resolve([LineageEntry(skin: "sd", version: 2, document: try SkinDocument.parse(Array(StyleDictionaryExport.json.utf8)))]).skin))
        // Keys alike in their first 16 bytes, keys that are prefixes of others, upper before lower
        // case: the writer sorts on 16-byte prefixes and must break every tie on the whole key.
        let keys = ##"{ "n": { "$type": "number", "aaaaaaaaaaaaaaaa": { "x": { "$value": 1 }, "w": { "$value": 2 }, "w0": { "$value": 8 } }, "##
            + ##""aaaaaaaaaaaaaaa": { "$value": 3 }, "aaaaaaaaaaaaaaaaB": { "$value": 4 }, "b": { "$value": 5 }, "B": { "$value": 6 }, "##
            + ##""a": { "$value": 7 }, "ab": { "$value": 9 } } }"##
        skins.append(try #require(resolve(lineage([("keys", 1, keys)])).skin))
        #expect(skins.last?.tokens.count == 9)
        for skin in skins {
            for explain in [false, true] {
                for channel in [nil, "default", "a\"b"] {
                    let direct = skin.canonicalBytes(format: .flat, explain: explain, channel: channel)
                    #expect(direct == CanonicalJSON.encode(skin.document(format: .flat, explain: explain, channel: channel)))
                }
            }
        }
    }
}
