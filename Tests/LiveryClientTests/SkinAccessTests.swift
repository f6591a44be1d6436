import Foundation
import Testing
@testable import LiveryClient

/// Typed access to a skin, offline style matching and images, on a hand-written document.
@Suite struct SkinAccessTests {
    let skin = try! Skin(bytes: Fixtures.document(version: 3), source: .bundled, baseURL: URL(string: "https://skins.example.com/livery/")!)

    @Test func typedAccessorsReturnTheResolvedValues() throws {
        #expect(try skin.color("color.tint") == SkinColor(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 1, alpha: 1))
        #expect(try skin.dimension("size.corner") == SkinDimension(8, .px))
        #expect(try skin.number("opacity") == 0.5)
        #expect(try skin.bool("navbar.blur") == true)
        #expect(try skin.string("label") == "Hello")
        #expect(try skin.duration("motion.standard") == SkinDuration(250, .ms))
        #expect(try skin.fontFamily("font.family") == .list(["Inter", "system-ui"]))
        let body = try skin.typography("font.body")
        #expect(body.fontFamily.primary == "Inter")
        #expect(body.fontSize == SkinDimension(17, .px))
        #expect(body.fontWeight == 400)
        #expect(skin.name == "app")
        #expect(skin.version == 3)
        #expect(skin.lineage == ["app@3"])
        #expect(skin.variants == ["dark"])
    }

    @Test func assetsAreAbsoluteURLsOnTheServer() throws {
        // The document's URL is an absolute path: it replaces the base URL's path.
        #expect(try skin.asset("image.logo").absoluteString == "https://skins.example.com/v1/assets/\(Fixtures.sha)")
        #expect(try skin.assetInfo("image.logo").contentType == "image/svg+xml")
    }

    @Test func missingAndMistypedTokensAreTypedErrors() {
        #expect(throws: SkinError.missingToken("color.nope")) { try skin.color("color.nope") }
        #expect(throws: SkinError.wrongType(path: "size.corner", expected: .color, actual: .dimension)) {
            try skin.color("size.corner")
        }
        #expect(throws: SkinError.wrongType(path: "color.tint", expected: .boolean, actual: .color)) {
            try skin.bool("color.tint")
        }
        #expect(throws: SkinError.wrongType(path: "label", expected: .asset, actual: .string)) { try skin.asset("label") }
        #expect(SkinError.wrongType(path: "label", expected: .asset, actual: .string).description == "label is a string, not an asset")
        #expect(skin.value("color.nope") == nil)
    }

    @Test func stylesMatchWithTheServersRankingAndTheSkinsVariants() throws {
        // Themed for a requested variant: outranks every unthemed rule.
        let title = try #require(skin.style(for: "home/title"))
        #expect(title.selector == "@dark/title")
        #expect(try title.color("textColor") == SkinColor(red: 1, green: 1, blue: 1))
        #expect(throws: SkinError.missingToken("font")) { try title.typography("font") }

        let light = try Skin(bytes: Fixtures.document(version: 3, variants: []))
        let searchTitle = try #require(light.style(for: "client/searchbar/title"))
        #expect(searchTitle.selector == "searchbar/title")
        #expect(try searchTitle.typography("font").fontSize == SkinDimension(20, .px))
        #expect(searchTitle.match.candidates.map(\.selector.description) == ["searchbar/title", "title"])
        #expect(light.style(for: "client/searchbar/button") == nil)
        #expect(light.style(for: "bad//id") == nil)
    }

    @Test func imagesFallBackThroughWildcardsAndVariants() throws {
        #expect(skin.imageAsset(for: "client/searchbar/icon")?.name == "dark_*_searchbar_icon")
        #expect(skin.image(for: "client/searchbar/icon")?.absoluteString == "https://skins.example.com/v1/assets/\(Fixtures.sha)")
        let light = try Skin(bytes: Fixtures.document(version: 3, variants: []))
        #expect(light.imageAsset(for: "client/searchbar/icon")?.name == "*_searchbar_icon")
        #expect(light.image(for: "client/toolbar/icon") == nil)
    }

    @Test func malformedDocumentsAreRejected() {
        #expect(throws: SkinProblems.self) { try Skin(bytes: Array("{\"skin\": 3}".utf8)) }
        #expect(throws: SkinProblems.self) { try Skin(bytes: Array("not json".utf8)) }
    }
}
