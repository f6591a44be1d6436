import Testing
@testable import SkinModel

/// Build contracts (docs/apps.md, "Old builds in the field"): reading one, deriving one from a
/// bundled skin, and the satisfy check's findings.
@Suite struct BuildContractTests {
    static let sha = "9f2c" + String(repeating: "0", count: 60)
    static let assets = [sha: AssetInfo(sha256: sha, url: "/v1/assets/\(sha)", contentType: "image/png", bytes: 100)]

    /// A skin with a plain rule, a wildcard rule, a themed rule, a state rule and two images.
    static func skin(tint: String = "tint", rules: String? = nil, images: String? = nil) -> String {
        let rules = rules ?? #"""
            {"selector": "checkout/header/title", "style": "title"},
            {"selector": "*/list/body", "style": "title"},
            {"selector": "@dark/checkout/header/title", "style": "title"},
            {"selector": "checkout/button[disabled]", "style": "title"}
            """#
        let images = images ?? #""logo": "sha256:\#(sha)", "client_searchbar_image": "sha256:\#(sha)""#
        return #"""
            {"$livery": {
                "variants": {"dark": {"color": {"\#(tint)": {"$value": "#000000"}}}},
                "images": {\#(images)},
                "styles": {"title": {"component": "Label", "properties": {"textColor": "{color.\#(tint)}"}}},
                "rules": [\#(rules)]},
             "color": {"$type": "color", "\#(tint)": {"$value": "#3366ff"}},
             "size": {"$type": "dimension", "corner": {"$value": {"value": 8, "unit": "px"}}}}
            """#
    }

    static func lineage(_ text: String) throws -> [LineageEntry] {
        [LineageEntry(skin: "app", version: 1, document: try SkinDocument.parse(Array(text.utf8)))]
    }

    static func resolved(_ text: String, variants: [String] = []) throws -> ResolvedSkin {
        try Resolver.resolve(ResolutionRequest(lineage: lineage(text), variants: variants, assets: assets))
    }

    @Test func deriveListsEveryTokenTypedThePlainStyleIdsAndEveryImage() throws {
        let contract = BuildContract(deriving: try Self.resolved(Self.skin()))
        #expect(contract.tokens == ["color.tint": "color", "size.corner": "dimension"])
        #expect(contract.styles == ["checkout/header/title"], "no wildcard, state or theme")
        #expect(contract.images == ["client_searchbar_image", "logo"])
        // A resolved document read back derives the same contract (a build's bundled file).
        let skin = try Self.resolved(Self.skin())
        let document = try ResolvedDocument(json: JSONParser.parse(skin.canonicalBytes()))
        #expect(BuildContract(deriving: document) == contract)
    }

    @Test func theLookItWasDerivedFromSatisfiesIt() throws {
        let skin = try Self.resolved(Self.skin())
        let contract = BuildContract(deriving: skin)
        #expect(contract.check(skin, build: "ios/3.2.1").isEmpty)
        let report = ReleaseCheck.check(lineage: try Self.lineage(Self.skin()), assets: Self.assets, contracts: [("ios/3.2.1", contract)])
        #expect(report.incompatible.isEmpty)
    }

    @Test func aRenamedTokenARetypedTokenALostRuleAndALostImageAreOneFindingEach() throws {
        let contract = BuildContract(deriving: try Self.resolved(Self.skin()))
        let changed = Self.skin(tint: "accent", rules: #"{"selector": "*/list/body", "style": "title"}"#, images: #""banner": "sha256:\#(Self.sha)""#)
            .replacingOccurrences(of: #""size": {"$type": "dimension", "corner": {"$value": {"value": 8, "unit": "px"}}}"#, with: #""size": {"$type": "number", "corner": {"$value": 8}}"#)
        let findings = contract.check(try Self.resolved(changed), build: "android/7.0.0")
        #expect(findings.map(\.path) == [
            "color.tint", "size.corner", "$livery.styles.checkout/header/title",
            "$livery.images.client_searchbar_image", "$livery.images.logo",
        ])
        #expect(findings.allSatisfy { $0.build == "android/7.0.0" })
        #expect(findings[0].message.contains("no such token"))
        #expect(findings[1].message == "android/7.0.0 reads size.corner as dimension, and the look makes it number")
        let json = findings[0].json.objectValue
        #expect(json?["code"]?.stringValue == "incompatible" && json?["build"]?.stringValue == "android/7.0.0")
    }

    @Test func everySelectionTheGateChecksIsCheckedAndEachFindingNamedOnce() throws {
        // The dark variant drops nothing, but a contract reading a token only the base look lacks
        // is found once, under the base look.
        let contract = BuildContract(tokens: ["color.missing": "color"])
        let report = ReleaseCheck.check(lineage: try Self.lineage(Self.skin()), assets: Self.assets, contracts: [("web/1.0.0", contract)])
        #expect(report.incompatible.map(\.path) == ["color.missing"])
        #expect(report.incompatible.first?.variants == [])
        #expect(LookSelections.of(try Self.lineage(Self.skin())).selections == [[], ["dark"]])
    }

    @Test func aContractBodyIsReadWithEveryBadMemberNamed() throws {
        let good = try BuildContract(json: JSONParser.parse(Array(
            #"{"tokens": {"color.tint": "color"}, "styles": ["checkout/header/title", "checkout/header/title"], "images": ["logo"]}"#.utf8)))
        #expect(good.tokens == ["color.tint": "color"] && good.styles == ["checkout/header/title"] && good.images == ["logo"])
        #expect(try BuildContract(json: JSONParser.parse(Array("{}".utf8))) == BuildContract())
        do {
            _ = try BuildContract(json: JSONParser.parse(Array(
                #"{"tokens": {"color.tint": "colour", "a..b": "color"}, "styles": ["*/x", 3], "images": [""], "extra": 1}"#.utf8)))
            Issue.record("a bad contract was accepted")
        } catch {
            #expect(Set(error.errors.map(\.path)) == ["extra", "tokens.color.tint", "tokens.a..b", "styles[0]", "styles[1]", "images[0]"])
            #expect(error.errors.first { $0.path == "tokens.color.tint" }?.message.contains("colour") == true)
        }
    }
}
