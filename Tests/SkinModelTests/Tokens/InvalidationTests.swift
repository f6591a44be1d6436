import Testing
@testable import SkinModel

/// docs/skins.md, "Derived values and dependent invalidation" beyond the documented example: equal-value writes, recursive chains,
/// fallback to the latest default expression, and cycles that need variants.
@Suite("Dependent invalidation")
struct InvalidationTests {
    func skins(_ base: String, _ app: String) -> [LineageEntry] {
        lineage([("base", 1, base), ("app", 2, app)])
    }

    static let base = #"""
    {
      "color": { "$type": "color",
        "tint": { "$value": "#3366ff" },
        "navbar": { "$value": "{color.tint}" },
        "toolbar": { "$value": "{color.navbar}" },
        "badge": { "$value": "lighten({color.toolbar}, 0.5)" } }
    }
    """#

    @Test("an equal-value write invalidates nothing")
    func equalValueWrite() {
        // dark writes color.tint with the value it already has: navbar keeps its literal.
        let app = ##"""
        { "$livery": { "extends": "base", "variants": { "dark": { "color": { "tint": { "$value": "rgb(51 102 255)" } } } } },
          "color": { "navbar": { "$value": "#ff0000" } } }
        """##
        let result = resolve(skins(Self.base, app), variants: ["dark"])
        #expect(result.value("color.navbar") == quoted("#ff0000ff"))
        #expect(result.skin?.tokens["color.tint"]?.provenance.layer == "base@1")  // the repeat was no write
        // A different value does invalidate.
        let changed = app.replacing("rgb(51 102 255)", with: "#ffffff")
        #expect(resolve(skins(Self.base, changed), variants: ["dark"]).value("color.navbar") == quoted("#ffffffff"))
    }

    @Test("invalidation is recursive through the write layers of derived tokens")
    func recursiveChain() {
        // app overrides every link of the chain with literals; dark changes the root.
        let app = ##"""
        { "$livery": { "extends": "base", "variants": { "dark": { "color": { "tint": { "$value": "#000000" } } } } },
          "color": { "navbar": { "$value": "#ff0000" }, "toolbar": { "$value": "#00ff00" }, "badge": { "$value": "#0000ff" } } }
        """##
        let plain = resolve(skins(Self.base, app))
        #expect(plain.value("color.navbar") == quoted("#ff0000ff"))
        #expect(plain.value("color.toolbar") == quoted("#00ff00ff"))
        #expect(plain.value("color.badge") == quoted("#0000ffff"))
        let dark = resolve(skins(Self.base, app), variants: ["dark"])
        #expect(dark.value("color.navbar") == quoted("#000000ff"))
        #expect(dark.value("color.toolbar") == quoted("#000000ff"))
        #expect(dark.value("color.badge") == quoted("#808080ff"))
        #expect(dark.skin?.tokens["color.badge"]?.provenance.references == ["color.toolbar", "color.navbar", "color.tint"])
    }

    @Test("a literal written after the dependency changed stays")
    func laterLiteralStays() {
        // dark changes tint, and dark (in a later layer) sets navbar: the literal is newer.
        let app = ##"""
        { "$livery": { "extends": "base", "variants": { "dark": { "color": { "navbar": { "$value": "#ff0000" } } } } } }
        """##
        let base = Self.base.replacing(#""color": { "$type": "color","#, with: ##"""
        "$livery": { "variants": { "dark": { "color": { "tint": { "$value": "#ffffff" } } } } }, "color": { "$type": "color",
        """##)
        let dark = resolve(lineage([("base", 1, base), ("app", 2, app)]), variants: ["dark"])
        #expect(dark.value("color.tint") == quoted("#ffffffff"))
        #expect(dark.value("color.navbar") == quoted("#ff0000ff"))  // app#dark is after base#dark
        #expect(dark.value("color.toolbar") == quoted("#ff0000ff"))  // follows navbar
    }

    @Test("writing a derived token's own value as a literal is no write for its dependents")
    func literalEqualToDefault() {
        // app sets toolbar green; dark sets navbar to exactly what {color.tint} gives: toolbar keeps green.
        let app = ##"""
        { "$livery": { "extends": "base", "variants": { "dark": { "color": { "navbar": { "$value": "#3366ff" } } } } },
          "color": { "toolbar": { "$value": "#00ff00" } } }
        """##
        let dark = resolve(skins(Self.base, app), variants: ["dark"])
        #expect(dark.value("color.toolbar") == quoted("#00ff00ff"))
        #expect(dark.skin?.tokens["color.navbar"]?.provenance.layer == "base@1")
        // A navbar literal that differs from its default is a write, and invalidates toolbar's literal.
        let different = app.replacing("\"#3366ff\"", with: "\"#123456\"")
        #expect(resolve(skins(Self.base, different), variants: ["dark"]).value("color.toolbar") == quoted("#123456ff"))
    }

    @Test("repeating a literal after the dependency changed is a write")
    func repeatAfterInvalidation() {
        // base: n = {tint}; app: n = red, t2 = green with default {n}; base#dark: tint changes
        // (invalidating app's n); app#dark: n = red again. That write is a real write (n had
        // fallen back to its default), so t2's literal from app is invalidated too.
        let base = ##"""
        { "$livery": { "variants": { "dark": { "tint": { "$value": "#ffffff" } } } },
          "tint": { "$type": "color", "$value": "#3366ff" }, "n": { "$type": "color", "$value": "{tint}" },
          "t2": { "$type": "color", "$value": "{n}" } }
        """##
        let app = ##"""
        { "$livery": { "extends": "base", "variants": { "dark": { "n": { "$value": "#ff0000" } } } },
          "n": { "$value": "#ff0000" }, "t2": { "$value": "#00ff00" } }
        """##
        let dark = resolve(lineage([("base", 1, base), ("app", 2, app)]), variants: ["dark"])
        #expect(dark.value("n") == quoted("#ff0000ff"))
        #expect(dark.value("t2") == quoted("#ff0000ff"))
        #expect(dark.skin?.tokens["n"]?.provenance.layer == "app@2#dark")
    }

    @Test("the default expression is the latest expression-valued definition")
    func latestDefault() {
        // base: x = {a}; app: x = {b}; app2: x = literal. Changing b (not a) invalidates.
        let base = ##"""
        { "$livery": { "variants": { "dark": { "b": { "$value": "#000000" } }, "dim": { "a": { "$value": "#000000" } } } },
          "a": { "$type": "color", "$value": "#111111" }, "b": { "$type": "color", "$value": "#222222" },
          "x": { "$type": "color", "$value": "{a}" } }
        """##
        let app = #"{ "$livery": { "extends": "base" }, "x": { "$value": "{b}" } }"#
        let leaf = ##"{ "$livery": { "extends": "app" }, "x": { "$value": "#ffffff" } }"##
        let skins = lineage([("base", 1, base), ("app", 1, app), ("leaf", 1, leaf)])
        #expect(resolve(skins).value("x") == quoted("#ffffffff"))
        #expect(resolve(skins, variants: ["dark"]).value("x") == quoted("#000000ff"))  // b changed: falls back to {b}
        #expect(resolve(skins, variants: ["dim"]).value("x") == quoted("#ffffffff"))  // a is no dependency any more
        #expect(resolve(skins, variants: ["dark"]).skin?.tokens["x"]?.provenance.layer == "app@1")
    }

    @Test("a cycle that appears only when two variants combine")
    func variantOnlyCycle() {
        let app = ##"""
        { "$livery": { "variants": {
            "a": { "x": { "$value": "{y}" } },
            "b": { "y": { "$value": "{x}" } } } },
          "x": { "$type": "number", "$value": 1 }, "y": { "$type": "number", "$value": 2 } }
        """##
        let skins = lineage([("app", 1, app)])
        #expect(resolve(skins, variants: ["a"]).value("x") == "2")
        #expect(resolve(skins, variants: ["b"]).value("y") == "1")
        let both = resolve(skins, variants: ["a", "b"])
        #expect(both.errors.map(\.code) == [.cycle])
        #expect(both.errors.first?.message == "reference cycle: x → y → x")
        #expect(both.errors.first?.path == "x")
        // The validator checks each variant on its own: no cycle reported at publish.
        #expect(Validator.validate(document: document(app), ancestors: []).errors.isEmpty)
    }

    @Test("cycles are spelled out, starting at the smallest path")
    func cycleSpelling() {
        let doc = #"""
        { "n": { "$type": "number",
            "c": { "$value": "{n.a} + 1" }, "a": { "$value": "{n.b} * 2" }, "b": { "$value": "{n.c}" },
            "d": { "$value": "{n.a}" }, "self": { "$value": "{n.self}" } } }
        """#
        let result = resolve(lineage([("s", 1, doc)]))
        let messages = Set(result.errors.map(\.message))
        #expect(messages == ["reference cycle: n.a → n.b → n.c → n.a", "reference cycle: n.self → n.self"])
        #expect(result.errors.allSatisfy { $0.code == .cycle })
    }
}
