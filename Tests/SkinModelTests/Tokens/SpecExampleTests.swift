import Testing
@testable import SkinModel

/// The examples of the product contract, verbatim where it gives them whole.
@Suite("contract examples")
struct SpecExampleTests {
    /// docs/skins.md example document, verbatim except the elided asset digests (`sha256:9f2c…`),
    /// which are completed to 64 hex digits so they name real (test) assets.
    static let example = ##"""
    {
      "$livery": {
        "extends": "base",
        "variants": {
          "dark": { "color": { "text": { "$value": "#ffffff" }, "background": { "$value": "#000" } } }
        },
        "images": { "*_searchbar_image": "sha256:9f2c000000000000000000000000000000000000000000000000000000000000", "client_searchbar_image": "sha256:0b1e000000000000000000000000000000000000000000000000000000000000" },
        "components": { "Label": { "extends": "View", "properties": { "textColor": "color", "font": "typography" } } },
        "styles": { "boldLabel": { "component": "Label", "properties": { "font": "{font.bold}" } } },
        "rules": [ { "selector": "*/clientlistitem/body", "style": "boldLabel" } ]
      },
      "color": {
        "$type": "color",
        "tint":       { "$value": "#3366ff" },
        "background": { "$value": "lighten({color.tint}, 0.85)" },
        "text":       { "$value": "contrast({color.background}, #000000, #ffffff)" }
      },
      "size": { "$type": "dimension", "corner": { "$value": { "value": 8, "unit": "px" } } },
      "font": {
        "$type": "typography",
        "bold": { "$value": { "fontFamily": "Open Sans", "fontWeight": 700,
                              "fontSize": { "value": 17, "unit": "px" } } },
        "header1": { "$value": "withColor({font.bold}, {color.tint})" }
      },
      "navbar": { "blur": { "$type": "boolean", "$value": true } }
    }
    """##

    static let base = #"{"color": {"$type": "color", "accent": {"$value": "orange"}}}"#

    /// The two (test) uploads the example's images name.
    static let exampleAssets: [String: AssetInfo] = Dictionary(uniqueKeysWithValues: ["9f2c", "0b1e"].map { prefix in
        let sha = prefix + String(repeating: "0", count: 60)
        return (sha, AssetInfo(sha256: sha, url: "/v1/assets/\(sha)", contentType: "image/png", bytes: 100))
    })

    @Test("§1 example document resolves (base → app)")
    func exampleDocument() throws {
        let result = resolve(lineage([("base", 3, Self.base), ("app", 7, Self.example)]), assets: Self.exampleAssets)
        let skin = try #require(result.skin, "\(result.errors)")
        #expect(skin.lineage == ["base@3", "app@7"])
        #expect(result.value("color.tint") == quoted("#3366ffff"))
        #expect(result.value("color.background") == quoted("#e0e8ffff"))  // docs/apps.md, "The resolved document" example value
        #expect(result.value("color.text") == quoted("#000000ff"))
        #expect(result.value("color.accent") == quoted("#ff8000ff"))  // UIKit's orange
        #expect(result.value("size.corner") == #"{"unit":"px","value":8}"#)
        #expect(result.value("font.bold") == #"{"fontFamily":"Open Sans","fontSize":{"unit":"px","value":17},"fontWeight":700}"#)
        #expect(result.value("font.header1") == ##"{"color":"#3366ffff","fontFamily":"Open Sans","fontSize":{"unit":"px","value":17},"fontWeight":700}"##)
        #expect(result.value("navbar.blur") == "true")
        #expect(skin.tokens["color.background"]?.provenance == TokenProvenance(layer: "app@7", references: ["color.tint"]))
        #expect(skin.tokens["color.text"]?.provenance.references == ["color.background", "color.tint"])
        #expect(skin.tokens["color.accent"]?.provenance.layer == "base@3")
    }

    @Test("§1 example with variant dark: literals override the derived values")
    func exampleDark() throws {
        let result = resolve(lineage([("base", 3, Self.base), ("app", 7, Self.example)]), variants: ["dark"], assets: Self.exampleAssets)
        #expect(result.value("color.text") == quoted("#ffffffff"))
        #expect(result.value("color.background") == quoted("#000000ff"))
        #expect(result.skin?.tokens["color.background"]?.provenance.layer == "app@7#dark")
        #expect(result.skin?.variants == ["dark"])
    }

    @Test("§2 flat document shape: exact member names, channel omitted when nil")
    func flatShape() throws {
        let skin = try #require(resolve(lineage([("base", 3, Self.base), ("app", 7, Self.example)]), variants: ["dark"], assets: Self.exampleAssets).skin)
        let document = canonical(skin.document(format: .flat, explain: false, channel: "default"))
        #expect(document.hasPrefix(#"{"channel":"default","images":"#))
        #expect(document.contains(##""*_searchbar_image":{"bytes":100,"contentType":"image/png","sha256":"9f2c"##), "images resolve to asset objects")
        #expect(document.contains(##""lineage":["base@3","app@7"],"rules":"##))
        #expect(document.contains(##""skin":"app","styles":"##))
        #expect(document.contains(##""color.tint":{"type":"color","value":"#3366ffff"}"##))
        #expect(document.hasSuffix(##""variants":["dark"],"version":7}"##))
        let noChannel = canonical(skin.document(format: .flat, explain: false, channel: nil))
        #expect(noChannel.hasPrefix(#"{"images":"#))
    }

    /// docs/skins.md, "Derived values and dependent invalidation", verbatim: base defines navbar.tint = {color.tint} and toolbar.tint =
    /// {navbar.tint}; app sets navbar.tint = #ff0000 and toolbar.tint = #00ff00; app#dark sets
    /// color.tint = #ffffff. Resolved app gives red and green; app?variant=dark gives white and white.
    static let navbarBase = #"""
    {
      "color": { "tint": { "$type": "color", "$value": "#3366ff" } },
      "navbar": { "tint": { "$type": "color", "$value": "{color.tint}" } },
      "toolbar": { "tint": { "$type": "color", "$value": "{navbar.tint}" } }
    }
    """#
    static let navbarApp = ##"""
    {
      "$livery": { "extends": "base", "variants": { "dark": { "color": { "tint": { "$value": "#ffffff" } } } } },
      "navbar": { "tint": { "$value": "#ff0000" } },
      "toolbar": { "tint": { "$value": "#00ff00" } }
    }
    """##

    @Test("§1.5 navbar/toolbar example")
    func navbarToolbar() {
        let skins = lineage([("base", 1, Self.navbarBase), ("app", 1, Self.navbarApp)])
        let plain = resolve(skins)
        #expect(plain.value("navbar.tint") == quoted("#ff0000ff"))
        #expect(plain.value("toolbar.tint") == quoted("#00ff00ff"))
        let dark = resolve(skins, variants: ["dark"])
        #expect(dark.value("navbar.tint") == quoted("#ffffffff"))
        #expect(dark.value("toolbar.tint") == quoted("#ffffffff"))
        #expect(dark.skin?.tokens["navbar.tint"]?.provenance.layer == "base@1")
        #expect(dark.skin?.tokens["toolbar.tint"]?.provenance.references == ["navbar.tint", "color.tint"])
    }

    @Test("§1.4 layer order: app?variant=dark over base → app is base, app, base#dark, app#dark")
    func layerOrder() throws {
        let base = #"{"$livery": {"variants": {"dark": {"x": {"$value": "base#dark"}}}}, "x": {"$type": "string", "$value": "base"}, "y": {"$type": "string", "$value": "base"}}"#
        let app = #"{"$livery": {"extends": "base", "variants": {"dark": {"y": {"$value": "app#dark"}}}}, "x": {"$value": "app"}, "y": {"$value": "app"}}"#
        let result = resolve(lineage([("base", 3, base), ("app", 7, app)]), variants: ["dark"])
        #expect(result.value("x") == #""base#dark""#)  // base#dark comes after app
        #expect(result.value("y") == #""app#dark""#)
        let layers = try #require(try? LayerStack.build(ResolutionRequest(lineage: lineage([("base", 3, base), ("app", 7, app)]), variants: ["dark"])).get())
        #expect(layers.map(\.name) == ["base@3", "app@7", "base@3#dark", "app@7#dark"])
    }
}
