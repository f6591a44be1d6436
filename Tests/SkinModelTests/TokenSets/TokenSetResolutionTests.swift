import Testing
@testable import SkinModel

/// docs/skins.md, "Token sets": token sets resolve exactly as the DTCG Resolver Module says, each rule shown
/// on a small bundle written here.
@Suite("Token sets: resolver documents")
struct TokenSetResolutionTests {
    /// base (color.tint, navbar.tint = {color.tint}), theme light|dark, contrast normal|high.
    static let themed = ##"""
    { "resolver": { "version": "2025.10",
        "sets": { "base": { "sources": [ { "$ref": "./base.json" } ] } },
        "modifiers": {
          "theme": { "contexts": { "light": [ { "$ref": "theme/light.json" } ], "dark": [ { "$ref": "theme/dark.json" } ] }, "default": "light" },
          "contrast": { "contexts": { "normal": [ { "color": { "text": { "$value": "#333333" } } } ], "high": [ { "$ref": "./theme/../high.json" } ] } }
        },
        "resolutionOrder": [ { "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/contrast" } ] },
      "files": {
        "base.json": { "color": { "$type": "color", "tint": { "$value": "#3366ff" }, "text": { "$value": "#000000" },
                                  "surface": { "$value": "lighten({color.tint}, 0.5)" } },
                       "navbar": { "tint": { "$type": "color", "$value": "{color.tint}" } } },
        "theme/light.json": { "color": { "background": { "$value": "#ffffff" } } },
        "theme/dark.json": { "color": { "background": { "$value": "#000000" }, "text": { "$value": "#eeeeee" }, "tint": { "$value": "#ffffff" } },
                             "navbar": { "tint": { "$value": "#ff0000" } } },
        "high.json": { "color": { "text": { "$value": "#000000" } } }
      } }
    """##

    static func skin(_ text: String = themed) -> [LineageEntry] {
        [LineageEntry(skin: "system", version: 1, document: document(text))]
    }

    @Test("modifiers become axes with their defaults; the document lists the whole selection")
    func axes() throws {
        let doc = document(Self.themed)
        #expect(doc.variantAxes.map(\.name) == ["theme", "contrast"])
        #expect(doc.variantAxes.map(\.defaultContext) == ["light", "normal"])
        #expect(VariantAxis.permutations(of: doc.variantAxes) == [
            ["theme:light", "contrast:normal"], ["theme:light", "contrast:high"],
            ["theme:dark", "contrast:normal"], ["theme:dark", "contrast:high"],
        ])
        #expect(VariantAxis.eachContextOnce(of: doc.variantAxes) == [[], ["theme:dark"], ["contrast:high"]])
        let plain = try #require(resolve(Self.skin()).skin)
        #expect(plain.variants == ["theme:light", "contrast:normal"])
        #expect(try #require(resolve(Self.skin(), variants: ["dark"]).skin).variants == ["theme:dark", "contrast:normal"])
        #expect(try #require(resolve(Self.skin(), variants: ["contrast:high", "theme:dark"]).skin).variants == ["theme:dark", "contrast:high"])
        #expect(plain.tokens.count == 5)
    }

    @Test("a later modifier's default overrides an earlier modifier's context")
    func laterDefaultWins() throws {
        // theme:dark sets color.text to #eeeeee, but contrast (later, default normal) sets it again.
        #expect(resolve(Self.skin(), variants: ["dark"]).value("color.text") == quoted("#333333ff"))
        #expect(resolve(Self.skin(), variants: ["dark", "high"]).value("color.text") == quoted("#000000ff"))
        #expect(resolve(Self.skin(), variants: ["dark"]).value("color.background") == quoted("#000000ff"))
        // explain=1 names the file and pointer whose definition won.
        let dark = try #require(resolve(Self.skin(), variants: ["dark"]).skin)
        #expect(dark.tokens["color.text"]?.provenance.layer == "system@1:resolver#/modifiers/contrast/contexts/normal/0/color/text")
        #expect(dark.tokens["color.background"]?.provenance.layer == "system@1:theme/dark.json#/color/background")
    }

    @Test("the last definition wins with no dependent invalidation, where docs/skins.md (derived values and dependent invalidation) would differ")
    func noDependentInvalidation() throws {
        // dark.json writes navbar.tint = red and color.tint = white in one file. Layered by §1.5,
        // the write of color.tint (which navbar.tint's default expression depends on) in a later
        // layer would invalidate the literal and give white; the resolver keeps the last
        // definition: red. Expressions still see the merged tint.
        let dark = resolve(Self.skin(), variants: ["theme:dark"])
        #expect(dark.value("navbar.tint") == quoted("#ff0000ff"))
        #expect(dark.value("color.surface") == quoted("#ffffffff"))
        let sameAsLayers = resolve(lineage([
            ("base", 1, ##"{"color": {"$type": "color", "tint": {"$value": "#3366ff"}}, "navbar": {"tint": {"$type": "color", "$value": "{color.tint}"}}, "$livery": {"variants": {"dark": {"navbar": {"tint": {"$value": "#ff0000"}}}, "white": {"color": {"tint": {"$value": "#ffffff"}}}}}}"##),
        ]), variants: ["dark", "white"])
        #expect(sameAsLayers.value("navbar.tint") == quoted("#ffffffff"), "the layered rule differs, which is the point of this case")
    }

    @Test("unknown, ambiguous and conflicting selections are unknown-variant")
    func badSelections() {
        for variants in [["sepia"], ["theme:sepia"], ["mode:dark"], ["dark", "light"]] {
            #expect(resolve(Self.skin(), variants: variants).errors.map(\.code) == [.unknownVariant], "\(variants)")
        }
        let ambiguous = ##"""
        {"resolver": {"version": "2025.10", "resolutionOrder": [
          {"type": "modifier", "name": "a", "contexts": {"on": [{"x": {"$type": "number", "$value": 1}}], "off": []}},
          {"type": "modifier", "name": "b", "contexts": {"on": [{"x": {"$type": "number", "$value": 2}}], "off": []}, "default": "off"}]}}
        """##
        let errors = resolve(Self.skin(ambiguous), variants: ["on"]).errors
        #expect(errors.map(\.code) == [.unknownVariant])
        #expect(errors.first?.message.contains("a:on or b:on") == true)
        #expect(resolve(Self.skin(ambiguous), variants: ["b:on"]).value("x") == "2")
        #expect(resolve(Self.skin(ambiguous), variants: ["a:on"]).value("x") == "1")
    }

    @Test("inline sets and modifiers, sets inside contexts, set references and overrides beside $ref")
    func structure() throws {
        let text = ##"""
        {"resolver": {"version": "2025.10",
          "sets": {"core": {"sources": [{"size": {"$type": "dimension", "s": {"$value": "4px"}, "m": {"$value": "8px"}}}]},
                   "all": {"sources": [{"$ref": "#/sets/core"}, {"$ref": "sizes.json#/extra"}]}},
          "resolutionOrder": [
            {"type": "set", "name": "Base", "sources": [{"$ref": "#/sets/all"}]},
            {"type": "modifier", "name": "density", "default": "compact", "contexts": {
              "roomy": [{"$ref": "#/sets/core", "size": {"$type": "dimension", "m": {"$value": "16px"}}}],
              "compact": []}}]},
         "files": {"sizes.json": {"extra": {"size": {"l": {"$type": "dimension", "$value": "{size.m} * 2"}}}}}}
        """##
        let compact = resolve(Self.skin(text))
        #expect(compact.value("size.l") == ##"{"unit":"px","value":16}"##)
        #expect(compact.skin?.variants == ["density:compact"])
        // The override beside $ref replaces the set's `size` group shallowly: size.s is gone from that source,
        // but the earlier Base set still defines it.
        let roomy = resolve(Self.skin(text), variants: ["roomy"])
        #expect(roomy.value("size.l") == ##"{"unit":"px","value":32}"##)
        #expect(roomy.value("size.s") == ##"{"unit":"px","value":4}"##)
    }

    @Test("two token sets in a lineage share an axis by name; a context only the child has leaves the parent at its default")
    func sharedAxes() throws {
        let parent = ##"""
        {"resolver": {"version": "2025.10", "resolutionOrder": [{"type": "modifier", "name": "theme", "default": "dark",
          "contexts": {"light": [{"bg": {"$type": "number", "$value": 1}}], "dark": [{"bg": {"$type": "number", "$value": 2}}]}}]}}
        """##
        let child = ##"""
        {"resolver": {"version": "2025.10", "resolutionOrder": [{"type": "modifier", "name": "theme",
          "contexts": {"light": [], "dark": [], "sepia": [{"fg": {"$type": "number", "$value": "{bg} * 10"}}]}}]},
         "$livery": {"extends": "parent"}}
        """##
        let entries = [
            LineageEntry(skin: "parent", version: 1, document: document(parent)),
            LineageEntry(skin: "child", version: 1, document: document(child)),
        ]
        let sepia = resolve(entries, variants: ["sepia"])
        #expect(sepia.value("fg") == "20", "the parent stays at its default, dark")
        #expect(sepia.skin?.variants == ["theme:sepia"])
        #expect(resolve(entries, variants: ["light"]).value("bg") == "1")
    }

    @Test("errors name the file and the path within it")
    func errorLocations() {
        let badValue = Self.themed.replacingFirst(##""#ffffff" } } },"##, with: ##""not a colour" } } },"##)
        let errors = documentProblems(badValue).errors + resolve(Self.skin(badValue)).errors
        #expect(errors.contains { $0.path == "theme/light.json#/color/background" }, "\(errors)")

        let outside = Self.themed.replacingFirst(##""theme/dark.json" }"##, with: ##""../elsewhere/dark.json" }"##)
        let refused = documentProblems(outside).errors
        #expect(refused.map(\.code).contains(.outsideBundle))
        #expect(refused.first { $0.code == .outsideBundle }?.message.contains("../elsewhere/dark.json") == true)
        #expect(refused.first { $0.code == .outsideBundle }?.path == "resolver#/modifiers/theme/contexts/dark/0/$ref")

        let missing = Self.themed.replacingFirst(##""high.json": "##, with: ##""other.json": "##)
        #expect(documentProblems(missing).errors.contains { $0.code == .outsideBundle && $0.message.contains("./theme/../high.json") })
        let url = Self.themed.replacingFirst(##""./base.json""##, with: ##""https://example.com/base.json""##)
        #expect(documentProblems(url).errors.map(\.code) == [.outsideBundle])
    }

    @Test("validation hands back every selection the release gate checks, so an activation after a publish resolves none again")
    func validationKeepsTheGatesSelections() {
        var resolved: [[String]: ResolvedSkin] = [:]
        let problems = Validator.validate(document: document(Self.themed), ancestors: [], resolved: &resolved)
        #expect(problems.errors.isEmpty, "\(problems.errors)")
        let lineage = [LineageEntry(skin: "draft", version: 0, document: document(Self.themed))]
        let gated = LookSelections.of(lineage).selections
        // The base look and the four combinations of theme × contrast; validation's own loop
        // resolves each context once (three selections).
        #expect(gated.count == 5)
        #expect(Set(resolved.keys) == Set(gated))
        #expect(resolved.values.allSatisfy { $0.tokens["color.background"] != nil })
    }

    @Test("structure errors: version, empty modifiers, bad defaults, modifier references from sources, set cycles")
    func structureErrors() {
        func problems(_ resolver: String) -> [DiagnosticCode] { documentProblems(##"{"resolver": \##(resolver)}"##).errors.map(\.code) }
        #expect(problems(##"{"version": "2024", "resolutionOrder": []}"##) == [.invalidTokenSet])
        #expect(problems(##"{"version": "2025.10", "resolutionOrder": [{"type": "modifier", "name": "m", "contexts": {}}]}"##) == [.invalidTokenSet])
        #expect(problems(##"{"version": "2025.10", "resolutionOrder": [{"type": "modifier", "name": "m", "contexts": {"a": [], "b": []}, "default": "c"}]}"##) == [.invalidTokenSet])
        #expect(problems(##"{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": [], "b": []}}}, "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "#/modifiers/m"}]}]}"##) == [.invalidTokenSet])
        #expect(problems(##"{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "#/sets/b"}]}, "b": {"sources": [{"$ref": "#/sets/a"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}"##) == [.cycle])
        #expect(problems(##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": []}, {"type": "set", "name": "s", "sources": []}]}"##) == [.invalidTokenSet])
        #expect(documentProblems(##"{"resolver": {"version": "2025.10", "resolutionOrder": []}, "$livery": {"variants": {"dark": {}}}}"##).errors.map(\.code) == [.invalidTokenSet])
    }
}

extension String {
    /// The text with its first occurrence of `target` replaced; traps when absent, so a test
    /// cannot silently check an unchanged document.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { fatalError("'\(target)' not in the test document") }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
