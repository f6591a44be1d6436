import Foundation
import LiveryClient
import Testing

// This file imports only LiveryClient and Foundation (and Testing): it compiles only if the
// library's names live beside Foundation's without a clash. `Dimension` here is Foundation's
// unit of measure; the skin's is `SkinDimension`. The model's other types (`Resolver`,
// `SkinDocument`, `CanonicalJSON`, …) are not visible, as SkinModel is no longer re-exported.

/// The public API as an app sees it.
@Suite struct PublicAPITests {
    @Test func foundationsDimensionAndTheSkinsDimensionLiveSideBySide() throws {
        let skin = try Skin(bytes: Fixtures.document(version: 1))
        let unit: Dimension = UnitLength.inches                      // Foundation's
        let corner: SkinDimension = try skin.dimension("size.corner")  // the skin's
        let printed = Measurement(value: corner.value / 96, unit: UnitLength.inches)  // CSS: 96 px per inch
        #expect(unit == UnitLength.inches)
        #expect(corner.unit == .px)
        #expect(abs(printed.converted(to: .millimeters).value - 8 * 25.4 / 96) < 1e-9)
    }

    @Test func typedValuesAreNamedForTheSkin() throws {
        let skin = try Skin(bytes: Fixtures.document(version: 1))
        let tint: SkinColor = try skin.color("color.tint")
        let body: SkinTypography = try skin.typography("font.body")
        let family: SkinFontFamily = try skin.fontFamily("font.family")
        let motion: SkinDuration = try skin.duration("motion.standard")
        let logo: SkinAsset = try skin.assetInfo("image.logo")
        #expect(tint == SkinColor(red: 0.2, green: 0.4, blue: 1))
        #expect(body.fontSize == SkinDimension(17, .px))
        #expect(family.primary == "Inter")
        #expect(motion == SkinDuration(250, .ms))
        #expect(logo.contentType == "image/svg+xml")
        if case .color(let color)? = skin.value("color.tint") {
            #expect(color == tint)
        } else {
            Issue.record("color.tint is not a TokenValue.color")
        }
        #expect(throws: SkinError.wrongType(path: "label", expected: TokenType.color, actual: TokenType.string)) {
            try skin.color("label")
        }
    }

    @Test func anUnreadableDocumentNamesItsProblems() {
        do {
            _ = try Skin(bytes: Array("{}".utf8))
            Issue.record("an empty object is not a resolved document")
        } catch {
            let problems: SkinProblems = error
            let first: SkinDiagnostic? = problems.errors.first
            #expect(first != nil)
        }
    }

    @Test func configurationStoreAndPolicyAreReachable() throws {
        var configuration = LiveryClientConfiguration(baseURL: URL(string: "https://skins.example.com")!)
        configuration.variants = ["dark"]
        configuration.maxWait = 25
        let client = try LiveryClient(configuration: configuration)
        #expect((0...99).contains(client.bucket))
        #expect(client.skinURL.query?.contains("bucket=\(client.bucket)") == true)
        let policy: ApplyPolicy = .atNextLaunch
        #expect(policy != .immediately)
        let error: LiveryClientError = .paused
        #expect(error.description == "paused")
    }
}
