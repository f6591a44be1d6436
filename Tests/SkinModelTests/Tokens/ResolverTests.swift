import Testing
@testable import SkinModel

@Suite("Resolution")
struct ResolverTests {
    func single(_ text: String, variants: [String] = []) -> Result<ResolvedSkin, SkinProblems> {
        resolve(lineage([("s", 1, text)]), variants: variants)
    }

    @Test("type comes from the token, then the alias or expression result, then the group")
    func typeOrder() {
        let result = single(##"""
        { "size": { "$type": "dimension", "s": { "$value": "4px" } },
          "color": { "$type": "color",
            "tint": { "$value": "#3366ff" },
            "alias": { "$value": "{size.s}" },
            "computed": { "$value": "{size.s} * 2" },
            "plain": { "$value": "#000" } },
          "untyped": { "a": { "$value": "{color.tint}" }, "b": { "$value": "lighten({untyped.a}, 0.5)" }, "c": { "$value": "3 * 2" } },
          "explicit": { "$type": "fontWeight", "$value": 700 } }
        """##)
        let tokens = result.skin?.tokens
        #expect(tokens?["color.alias"]?.type == .dimension)
        #expect(tokens?["color.computed"]?.type == .dimension)
        #expect(tokens?["color.plain"]?.type == .color)
        #expect(tokens?["untyped.a"]?.type == .color)
        #expect(tokens?["untyped.b"]?.type == .color)
        #expect(tokens?["untyped.c"]?.type == .number)
        #expect(tokens?["explicit"]?.type == .fontWeight)
    }

    @Test("an override takes the type of the first definition")
    func overrideType() {
        let base = #"{"$livery": {"variants": {"big": {"w": {"$value": "bold"}, "s": {"$value": "16px"}}}}, "w": {"$type": "fontWeight", "$value": 400}, "s": {"$value": "{t}"}, "t": {"$type": "dimension", "$value": "8px"}}"#
        let result = resolve(lineage([("base", 1, base)]), variants: ["big"])
        #expect(result.value("w") == "700")
        #expect(result.value("s") == #"{"unit":"px","value":16}"#)
    }

    @Test("error codes of resolution", arguments: [
        (##"{"a": {"$value": [1]}}"##, "a", DiagnosticCode.missingType, "the type of [1] cannot be determined"),
        (##"{"a": {"$value": "{b}"}}"##, "a", .unknownReference, "{b} names no token"),
        (##"{"a": {"$type": "color", "$value": "{b}"}}"##, "a", .unknownReference, "{b} names no token"),
        (##"{"a": {"$type": "color", "$value": "lighten({b}, 0.1)"}}"##, "a", .unknownReference, "{b} names no token"),
        (##"{"a": {"$type": "color", "$value": "{d}"}, "d": {"$type": "dimension", "$value": "1px"}}"##, "a", .typeMismatch, "expected a color, but {d} is a dimension 1px"),
        (##"{"a": {"$type": "color", "$value": "2 * 3"}}"##, "a", .typeMismatch, "expected a color, but '2 * 3' is a number 6"),
        (##"{"a": {"$type": "color", "$value": "lighten({d}, 0.5)"}, "d": {"$type": "dimension", "$value": "1px"}}"##, "a", .expressionType, "argument 1 of lighten(color, amount, space?) must be a color, got dimension 1px"),
        (##"{"a": {"$type": "color", "$value": "#12345"}}"##, "a", .invalidValue, "'#12345' is not a hex colour"),
        (##"{"a": {"$type": "dimension", "$value": "sixteen"}}"##, "a", .invalidExpression, "'sixteen' is not a dimension"),
        (##"{"a": {"$type": "color", "$value": "frobnicate({b})"}, "b": {"$type": "color", "$value": "#fff"}}"##, "a", .unknownFunction, "unknown function 'frobnicate'"),
        (##"{"a": {"$type": "asset", "$value": "sha256:0000000000000000000000000000000000000000000000000000000000000000"}}"##, "a", .unknownAsset, "no uploaded asset"),
        (##"{"a": {"$type": "color", "$value": {"colorSpace": "cmyk", "components": [1, 2, 3]}}}"##, "a", .unsupportedColorSpace, "'cmyk' is not one of DTCG's"),
        (##"{"a": {"$type": "number", "$value": 1}, "a2": {"$type": "number", "$value": "{a.b}"}, "x": {"a": {"$type": "number", "$value": 1}}}"##, "a2", .unknownReference, "{a.b} names no token"),
    ] as [(String, String, DiagnosticCode, String)])
    func errors(text: String, path: String, code: DiagnosticCode, message: String) {
        let result = single(text)
        let match = result.errors.first { $0.path == path }
        #expect(match?.code == code, "\(result.errors)")
        #expect(match?.message.contains(message) == true, "\(result.errors)")
    }

    @Test("a later layer may not change a token's type")
    func typeMismatch() {
        let base = ##"{"$livery": {"variants": {"v": {"a": {"$type": "dimension", "$value": "1px"}}, "g": {"grp": {"$type": "dimension", "b": {"$value": "#fff"}}}}}, "a": {"$type": "color", "$value": "#fff"}, "grp": {"$type": "color", "b": {"$value": "#000"}}}"##
        let explicit = resolve(lineage([("base", 1, base)]), variants: ["v"])
        #expect(explicit.errors.map(\.code) == [.typeMismatch])
        #expect(explicit.errors.first?.message == "'a' is a color (fixed by its first definition, in the document), but variant v declares $type dimension")
        let group = resolve(lineage([("base", 1, base)]), variants: ["g"])
        #expect(group.errors.first?.message == "'grp.b' is a color (fixed by its first definition, in the document), but its group in variant g declares $type dimension")
    }

    @Test("a path cannot be a token in one layer and a group in another")
    func tokenGroupClash() {
        let base = #"{"a": {"b": {"$type": "number", "$value": 1}}}"#
        let app = #"{"$livery": {"extends": "base"}, "a": {"b": {"c": {"$type": "number", "$value": 2}}}}"#
        let result = resolve(lineage([("base", 1, base), ("app", 1, app)]))
        #expect(result.errors.first?.path == "a.b.c")
        #expect(result.errors.first?.message.contains("which is a token (in base@1)") == true)
    }

    @Test("unknown variants, lineage depth and lineage consistency")
    func requestErrors() {
        let app = #"{"$livery": {"variants": {"dark": {}, "compact": {}}}}"#
        let unknown = resolve(lineage([("app", 7, app)]), variants: ["drak"])
        #expect(unknown.errors.map(\.code) == [.unknownVariant])
        #expect(unknown.errors.first?.message == "no skin of the lineage app@7 defines variant 'drak' (declared: compact, dark)")
        var deep = lineage([("s0", 1, "{}")])
        for index in 1...16 { deep += lineage([("s\(index)", 1, #"{"$livery": {"extends": "s\#(index - 1)"}}"#)]) }
        let tooDeep = resolve(deep)
        #expect(tooDeep.errors.map(\.code) == [.lineageTooDeep])
        #expect(tooDeep.errors.first?.message.contains("has 17 skins; at most 16") == true)
        #expect(resolve(Array(deep.prefix(16))).skin != nil)
        let wrongParent = resolve(lineage([("a", 1, "{}"), ("b", 1, #"{"$livery": {"extends": "c"}}"#)]))
        #expect(wrongParent.errors.map(\.code) == [.invalidRequest])
        let loop = resolve(lineage([("a", 1, "{}"), ("a", 2, #"{"$livery": {"extends": "a"}}"#)]))
        #expect(loop.errors.map(\.code) == [.cycle])
        #expect(resolve([]).errors.map(\.code) == [.invalidRequest])
    }

    @Test("errors are all collected; dependents of a failed token stay quiet")
    func collectsAll() {
        let result = single(##"{"c": {"$type": "color", "bad": {"$value": "#1"}, "worse": {"$value": "rgb(1)"}, "dep": {"$value": "{c.bad}"}, "ok": {"$value": "#fff"}}}"##)
        #expect(result.errors.map(\.path).sorted() == ["c.bad", "c.worse"])
    }

    @Test("metadata comes from the latest definition that has it")
    func metadata() {
        let base = #"{"$livery": {"variants": {"v": {"a": {"$value": 2, "$description": "Variant"}}}}, "a": {"$type": "number", "$value": 1, "$description": "Base", "$deprecated": true, "$extensions": {"x": 1}}}"#
        let result = resolve(lineage([("base", 1, base)]), variants: ["v"])
        let token = result.skin?.tokens["a"]
        #expect(token?.description == "Variant")
        #expect(token?.deprecated == .bool(true))
        #expect(token?.extensions == json(##"{"x": 1}"##))
    }

    @Test("requested variants are applied in request order, duplicates once")
    func variantOrder() {
        let doc = #"{"$livery": {"variants": {"a": {"x": {"$value": "a"}}, "b": {"x": {"$value": "b"}}}}, "x": {"$type": "string", "$value": "base"}}"#
        #expect(single(doc, variants: ["a", "b"]).value("x") == quoted("b"))
        #expect(single(doc, variants: ["b", "a"]).value("x") == quoted("a"))
        #expect(single(doc, variants: ["b", "a", "b"]).skin?.variants == ["b", "a"])
    }

    @Test("out-of-gamut colours resolve with a warning")
    func gamutWarning() {
        let result = single(##"{"c": {"$type": "color", "$value": {"colorSpace": "oklch", "components": [0.7, 0.4, 150]}}}"##)
        #expect(result.skin?.warnings.map(\.code) == [.outOfGamut])
        #expect(result.skin?.warnings.first?.path == "c")
    }

    @Test("assets resolve from the request's catalog")
    func assets() {
        let digest = String(repeating: "0f", count: 32)
        let asset = AssetInfo(sha256: digest, url: "/v1/assets/\(digest)", contentType: "image/svg+xml", bytes: 512)
        let result = resolve(lineage([("s", 1, #"{"logo": {"$type": "asset", "$value": "sha256:\#(digest)"}, "alias": {"$value": "{logo}"}}"#)]), assets: [digest: asset])
        #expect(result.skin?.tokens["logo"]?.value == .asset(asset))
        #expect(result.skin?.tokens["alias"]?.type == .asset)
    }

    @Test("TokenValueResolver reads style values against the final tokens")
    func tokenValueResolver() throws {
        let skin = try #require(single(##"{"c": {"$type": "color", "tint": {"$value": "#3366ff"}}, "f": {"$type": "typography", "body": {"$value": {"fontFamily": "A", "fontSize": "16px"}}}}"##).skin)
        let values = TokenValueResolver(tokens: skin.tokens)
        #expect(try values.resolve(.string("{c.tint}"), as: .color, at: "p") == color("#3366ff"))
        #expect(try values.resolve(.string("darken({c.tint}, 1)"), as: nil, at: "p") == color("#000000"))
        #expect(try values.resolve(.string("withColor({f.body}, red)"), as: .typography, at: "p").type == .typography)
        #expect(try values.resolve(.number(3), as: nil, at: "p") == .number(3))
        #expect(try values.resolve(.string("Hello there"), as: nil, at: "p") == .string("Hello there"))
        #expect(try values.resolve(.string("0.2 0.4 1"), as: nil, at: "p") == color("#3366ff"))
        #expect(try values.resolve(json(##"{"value": 2, "unit": "rem"}"##), as: nil, at: "p") == .dimension(Dimension(2, .rem)))
        #expect(throws: SkinProblems.self) { try values.resolve(.string("{f.body}"), as: .color, at: "p") }
        do {
            _ = try values.resolve(.string("{nope}"), as: .color, at: "$livery.styles.x.properties.textColor")
        } catch {
            #expect(error.errors.first?.path == "$livery.styles.x.properties.textColor")
            #expect(error.errors.first?.code == .unknownReference)
        }
    }
}

extension ResolverTests {
    @Test("a reference to a group says so, and points to its $root")
    func groupReference() {
        let result = resolve(lineage([("s", 1, ##"{"c": {"$type": "color", "brand": {"$root": {"$value": "#000"}}, "g": {"x": {"$value": "#fff"}}, "a": {"$value": "{c.brand}"}, "b": {"$value": "{c.g}"}}}"##)]))
        let messages = Dictionary(uniqueKeysWithValues: result.errors.map { ($0.path, $0.message) })
        #expect(messages["c.a"] == "{c.brand} names a group, not a token; its root token is {c.brand.$root}")
        #expect(messages["c.b"] == "{c.g} names a group, not a token")
    }
}

extension ResolverTests {
    @Test("a long derivation chain resolves, with provenance capped at 64 references")
    func longChain() {
        var members = [#""t0": {"$type": "number", "$value": 1}"#]
        for index in 1..<3_000 { members.append(#""t\#(index)": {"$value": "{t\#(index - 1)} + {t\#(index / 2)}"}"#) }
        let result = single("{" + members.joined(separator: ",") + "}")
        let token = result.skin?.tokens["t2999"]
        #expect(token?.type == .number)
        #expect(token?.provenance.references.count == 64)
        #expect(token?.provenance.references.first == "t2998")
        #expect(token?.provenance.references.last == "t1499")  // every direct reference is kept
    }
}
