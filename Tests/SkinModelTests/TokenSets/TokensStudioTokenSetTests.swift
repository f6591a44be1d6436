import Testing
@testable import SkinModel

/// docs/skins.md, "Token sets": Tokens Studio's single-file export as a token set, and Livery's own extensions
/// (expressions, `$livery` styling, `extends`) inside token sets.
@Suite("Token sets: Tokens Studio and Livery extensions")
struct TokensStudioTokenSetTests {
    /// Sets in tokenSetOrder; groups Mode (light|dark) and Brand (blue|green).
    static let export = ##"""
    { "core": { "palette": { "$type": "color", "blue": { "$value": "#2563eb" }, "green": { "$value": "#16a34a" },
                             "white": { "$value": "#ffffff" }, "black": { "$value": "#000000" } } },
      "light": { "bg": { "$type": "color", "$value": "{palette.white}" } },
      "dark": { "bg": { "$type": "color", "$value": "{palette.black}" } },
      "brand/blue": { "accent": { "$type": "color", "$value": "{palette.blue}" } },
      "brand/green": { "accent": { "$type": "color", "$value": "{palette.green}" } },
      "legacy": { "accent": { "$type": "color", "$value": "#ff00ff" }, "old": { "$type": "number", "$value": 1 } },
      "semantic": { "button": { "$type": "color", "fill": { "$value": "mix({accent}, {bg}, 0.5)" } } },
      "$themes": [
        { "id": "1", "name": "light", "group": "Mode", "selectedTokenSets": { "core": "source", "light": "enabled", "semantic": "enabled", "legacy": "disabled" } },
        { "id": "2", "name": "dark", "group": "Mode", "selectedTokenSets": { "core": "source", "dark": "enabled", "semantic": "enabled" } },
        { "id": "3", "name": "blue", "group": "Brand", "selectedTokenSets": { "brand/blue": "enabled" } },
        { "id": "4", "name": "green", "group": "Brand", "selectedTokenSets": { "brand/green": "enabled", "core": "source" } }
      ],
      "$metadata": { "tokenSetOrder": ["core", "light", "dark", "brand/blue", "brand/green", "legacy", "semantic"] } }
    """##

    static func skin(_ text: String = export) -> [LineageEntry] {
        [LineageEntry(skin: "studio", version: 1, document: document(text))]
    }

    @Test("theme groups are axes; the first theme of a group is its default")
    func axes() throws {
        let doc = document(Self.export)
        #expect(doc.tokenSet?.form == .tokensStudio)
        #expect(doc.variantAxes == [
            VariantAxis(name: "Mode", contexts: ["light", "dark"], defaultContext: "light"),
            VariantAxis(name: "Brand", contexts: ["blue", "green"], defaultContext: "blue"),
        ])
        #expect(doc.warnings.map(\.code) == [.unusedSource], "legacy is only ever disabled")
        let skin = try #require(resolve(Self.skin()).skin)
        #expect(skin.variants == ["Mode:light", "Brand:blue"])
    }

    @Test("enabled sets are output, source sets only resolve references, disabled sets are ignored")
    func setStatuses() throws {
        for (variants, fill) in [([String](), "#92b1f5ff"), (["dark", "green"], "#0b5225ff"), (["Mode:dark"], "#133276ff")] {
            let result = resolve(Self.skin(), variants: variants)
            let skin = try #require(result.skin, "\(result.errors)")
            #expect(Set(skin.tokens.keys) == ["bg", "accent", "button.fill"], "core is source-only; legacy is disabled")
            #expect(result.value("button.fill") == quoted(fill), "\(variants)")
        }
        #expect(resolve(Self.skin(), variants: ["green"]).value("accent") == quoted("#16a34aff"))
    }

    @Test("an enabled set wins over a source set, whatever tokenSetOrder says")
    func enabledWinsOverSource() throws {
        let text = ##"""
        {"a": {"x": {"$type": "number", "$value": 1}}, "b": {"x": {"$type": "number", "$value": 2}, "y": {"$type": "number", "$value": "{x} * 10"}},
         "$themes": [{"name": "only", "selectedTokenSets": {"a": "enabled", "b": "source"}}, {"name": "both", "selectedTokenSets": {"a": "enabled", "b": "enabled"}}],
         "$metadata": {"tokenSetOrder": ["a", "b"]}}
        """##
        let only = try #require(resolve(Self.skin(text)).skin)
        #expect(only.variants == ["theme:only"])
        #expect(Set(only.tokens.keys) == ["x"])
        #expect(resolve(Self.skin(text)).value("x") == "1")
        #expect(resolve(Self.skin(text), variants: ["both"]).value("x") == "2")
        #expect(resolve(Self.skin(text), variants: ["both"]).value("y") == "20")
    }

    @Test("Tokens Studio structure errors name the theme or set")
    func structureErrors() {
        let unknownSet = documentProblems(##"{"a": {}, "$themes": [{"name": "t", "selectedTokenSets": {"nope": "enabled"}}]}"##).errors
        #expect(unknownSet.map(\.path) == ["$themes#/0/selectedTokenSets/nope"])
        let badStatus = documentProblems(##"{"a": {}, "$themes": [{"name": "t", "selectedTokenSets": {"a": "on"}}]}"##).errors
        #expect(badStatus.map(\.code) == [.invalidTokenSet])
        let twice = documentProblems(##"{"a": {}, "$themes": [{"name": "t", "selectedTokenSets": {}}, {"name": "t", "selectedTokenSets": {}}]}"##).errors
        #expect(twice.map(\.code) == [.invalidTokenSet])
        let badValue = resolve(Self.skin(##"{"s/one": {"n": {"$type": "number", "$value": "ten"}}, "$metadata": {"tokenSetOrder": ["s/one"]}}"##)).errors
        #expect(badValue.map(\.path) == ["s/one#/n"])
    }

    @Test("expressions, $livery styling and extends work inside a token set; the parent's tokens come first")
    func liveryExtensions() throws {
        let parent = ##"{"color": {"$type": "color", "brand": {"$value": "#3366ff"}, "ink": {"$value": "#111111"}}}"##
        let child = ##"""
        {"resolver": {"version": "2025.10", "resolutionOrder": [
           {"type": "set", "name": "base", "sources": [{"color": {"tint": {"$type": "color", "$value": "lighten({color.brand}, 0.5)"}}}]},
           {"type": "modifier", "name": "mode", "contexts": {"day": [], "night": [{"color": {"brand": {"$value": "#000000"}}}]}}]},
         "$livery": {"extends": "base",
           "styles": {"title": {"component": "Label", "properties": {"textColor": "{color.tint}"}}},
           "rules": [{"selector": "title", "style": "title"}, {"selector": "@night/title", "properties": {"textColor": "{color.ink}"}}]}}
        """##
        let entries = [
            LineageEntry(skin: "base", version: 1, document: document(parent)),
            LineageEntry(skin: "app", version: 2, document: document(child)),
        ]
        let day = resolve(entries)
        #expect(day.value("color.tint") == quoted("#99b3ffff"))
        #expect(day.skin?.lineage == ["base@1", "app@2"])
        #expect(day.skin?.styling.styles["title"] != nil)
        let night = resolve(entries, variants: ["night"])
        #expect(night.value("color.tint") == quoted("#808080ff"), "the token set's modifier overrides the parent's token")
        #expect(night.value("color.ink") == quoted("#111111ff"))
        #expect(night.skin?.styling.rules.count == 2, "the @night rule applies when the night context is selected")
        #expect(Validator.validate(document: document(child), ancestors: [entries[0]]).errors.isEmpty)

        // A client matches rules offline with the document's own `variants` (`mode:night`).
        let client = try ResolvedDocument.parse(try #require(night.skin).canonicalBytes())
        #expect(client.variants == ["mode:night"])
        #expect(client.styling.match(id: "home/title", variants: client.variants)?.selector.description == "@night/title")
        let dayClient = try ResolvedDocument.parse(try #require(day.skin).canonicalBytes())
        #expect(dayClient.styling.match(id: "home/title", variants: dayClient.variants)?.selector.description == "title")
    }
}
