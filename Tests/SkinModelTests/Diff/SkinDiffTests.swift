import Testing
@testable import SkinModel

/// The diff over every selection and its impact (docs/api.md, "Diff"): pure, from parsed documents.
@Suite("Skin diff and impact")
struct SkinDiffTests {
    /// A token set whose dark theme alone changes between the two versions.
    static func bundle(darkSurface: String = "#101418", extra: String = "") -> String {
        ##"""
        {"resolver": {"version": "2025.10",
           "sets": {"base": {"sources": [{"$ref": "./base.json"}]}},
           "modifiers": {"theme": {"contexts": {"light": [{"$ref": "theme/light.json"}], "dark": [{"$ref": "theme/dark.json"}]}}},
           "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]},
         "files": {
           "base.json": {"color": {"$type": "color", "ink": {"$value": "#333333"}\##(extra)}},
           "theme/light.json": {"color": {"surface": {"$value": "#ffffff"}}},
           "theme/dark.json": {"color": {"surface": {"$value": "\##(darkSurface)"}}}}}
        """##
    }

    static func lineage(_ text: String, version: Int = 1) throws -> [LineageEntry] {
        [LineageEntry(skin: "system", version: version, document: try SkinDocument.parse(Array(text.utf8)))]
    }

    @Test("a change made only in the dark theme is found and named by its selection")
    func onlyDarkChanges() throws {
        let diff = SkinDiff.compare(old: try Self.lineage(Self.bundle()), new: try Self.lineage(Self.bundle(darkSurface: "#000000"), version: 2))
        #expect(diff.selections.count >= 3, "base, light and dark at least: \(diff.selections)")
        #expect(diff.selections.contains(["theme:dark"]))
        #expect(diff.tokens.map(\.path) == ["color.surface"])
        #expect(diff.tokens.first?.selections == [["theme:dark"]])
        #expect(diff.impact == .values)
        #expect(diff.breaking.isEmpty)
        guard case .object(let json) = diff.json, case .object(let changed)? = json["changed"], case .object(let entry)? = changed["color.surface"] else {
            Issue.record("changed.color.surface missing: \(diff.json)")
            return
        }
        #expect(entry["in"] == .array([.array([.string("theme:dark")])]))
        #expect(json["impact"] == .string("values"))
    }

    @Test("no change at all is impact none; the same document twice has nothing to list")
    func none() throws {
        let diff = SkinDiff.compare(old: try Self.lineage(Self.bundle()), new: try Self.lineage(Self.bundle(), version: 2))
        #expect(diff.tokens.isEmpty)
        #expect(diff.impact == .none)
    }

    @Test("a token added everywhere is additive, in every selection")
    func additive() throws {
        let extra = ##", "tint": {"$value": "#3366ff"}"##
        let diff = SkinDiff.compare(old: try Self.lineage(Self.bundle()), new: try Self.lineage(Self.bundle(extra: extra), version: 2))
        #expect(diff.impact == .additive)
        #expect(diff.tokens.map(\.path) == ["color.tint"])
        #expect(diff.tokens.first?.selections == diff.selections)
    }

    @Test("removing a token, or changing its type, is breaking and listed once with its selections")
    func breakingTokens() throws {
        let extra = ##", "tint": {"$value": "#3366ff"}, "gap": {"$value": "#000000"}"##
        let retyped = ##", "gap": {"$type": "dimension", "$value": "8px"}"##
        let diff = SkinDiff.compare(old: try Self.lineage(Self.bundle(extra: extra)), new: try Self.lineage(Self.bundle(extra: retyped), version: 2))
        #expect(diff.impact == .breaking)
        #expect(diff.breaking.map(\.path) == ["color.gap", "color.tint"])
        #expect(diff.breaking.map(\.reason) == [.retyped, .removed])
        #expect(diff.breaking[0].oldType == .color && diff.breaking[0].newType == .dimension)
        #expect(diff.breaking[1].selections == diff.selections)
        #expect(diff.breaking[1].message == "token color.tint was removed")
    }

    static func skin(_ tokens: [String: TokenValue], rules: [String] = [], images: [String] = []) throws -> ResolvedSkin {
        var resolved = ResolvedTokens()
        for (path, value) in tokens {
            resolved[path] = ResolvedToken(type: value.type, value: value, description: nil, provenance: TokenProvenance(layer: "s@1", references: []))
        }
        let asset = AssetInfo(sha256: String(repeating: "a", count: 64), url: "/v1/assets/a", contentType: "image/png", bytes: 1)
        let styling = ResolvedStyling(
            rules: try rules.map { ResolvedRule(selector: try StyleSelector(parsing: $0)) },
            images: Dictionary(uniqueKeysWithValues: images.map { ($0, asset) }))
        return ResolvedSkin(skin: "s", version: 1, lineage: ["s@1"], variants: [], tokens: resolved, styling: styling)
    }

    @Test("a style id no rule matches any more, or an image id gone, is breaking; one a wildcard still matches is not")
    func stylesAndImages() throws {
        let old = try Self.skin(["a": .number(1)], rules: ["checkout/title", "home/title", "*/badge", "@dark/banner"], images: ["logo", "hero"])
        let new = try Self.skin(["a": .number(2)], rules: ["*/title", "cart/total"], images: ["hero", "icon"])
        let diff = SkinDiff.compare([.init(selection: [], old: old, new: new)])
        #expect(diff.styles.filter { !$0.added }.map(\.id) == [], "checkout/title and home/title still match */title: \(diff.styles)")
        #expect(diff.styles.filter(\.added).map(\.id) == ["cart/total"])
        #expect(diff.breaking.map { "\($0.kind.rawValue) \($0.path)" } == ["image logo"])
        #expect(diff.impact == .breaking)

        let gone = try Self.skin(["a": .number(1)], rules: ["home/title"])
        let removed = SkinDiff.compare([.init(selection: [], old: gone, new: try Self.skin(["a": .number(1)]))])
        #expect(removed.breaking.map { "\($0.kind.rawValue) \($0.path)" } == ["style home/title"])
    }

    @Test("a variant the old version declared and the new one does not is breaking")
    func variantRemoved() throws {
        let diff = SkinDiff.compare([], selectionsAdded: [], selectionsRemoved: [["dark"]])
        #expect(diff.impact == .breaking)
        #expect(diff.breaking == [BreakingChange(kind: .variant, path: "dark", reason: .removed)])
        #expect(SkinDiff.compare([], selectionsAdded: [["dim"]]).impact == .additive)
    }

    @Test("impacts order from harmless to harmful")
    func ordering() {
        #expect(DiffImpact.allCases.sorted() == [.none, .values, .additive, .breaking])
        #expect(max(DiffImpact.values, .additive) == .additive)
    }
}
