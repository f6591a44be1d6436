import Foundation
import Testing
@testable import LiveryClient

/// `Skin.interpolated(to:at:)`: the model's interpolation applied to whole skins (docs/skins.md, "Interpolation").
@Suite struct InterpolationTests {
    let light = try! Skin(bytes: Fixtures.document(
        version: 1, variants: [], tint: "#000000ff", corner: 4, opacity: 0, blur: false, label: "Day", titleColor: "#000000ff"))
    let dark = try! Skin(bytes: Fixtures.document(
        version: 2, variants: ["dark"], tint: "#ffffffff", corner: 12, opacity: 1, blur: true, label: "Night", titleColor: "#ffffffff"))

    @Test func endpointsAreTheTwoSkins() {
        let start = light.interpolated(to: dark, at: 0)
        let end = light.interpolated(to: dark, at: 1)
        #expect(start.document == light.document)
        #expect(end.document == dark.document)
        #expect(start.source == .interpolated && start.bytes == nil && start.etag == nil)
        #expect(light.interpolated(to: dark, at: -3).document == light.document, "t is clamped")
        #expect(light.interpolated(to: dark, at: 7).document == dark.document, "t is clamped")
    }

    @Test func continuousValuesBlendAndDiscreteOnesSwitchAtOneHalf() throws {
        let quarter = light.interpolated(to: dark, at: 0.25)
        #expect(try quarter.color("color.tint") == SkinColor(red: 0.25, green: 0.25, blue: 0.25))
        #expect(try quarter.dimension("size.corner") == SkinDimension(6, .px))
        #expect(try quarter.number("opacity") == 0.25)
        #expect(try quarter.bool("navbar.blur") == false)
        #expect(try quarter.string("label") == "Day")
        #expect(quarter.version == 1)

        let justBefore = light.interpolated(to: dark, at: 0.4999)
        let half = light.interpolated(to: dark, at: 0.5)
        #expect(try justBefore.bool("navbar.blur") == false)
        #expect(try half.bool("navbar.blur") == true)
        #expect(try half.string("label") == "Night")
        #expect(half.version == 2)
        #expect(half.variants == ["dark"])
    }

    @Test func ruleAndStylePropertiesBlendLikeTokens() throws {
        let quarter = light.interpolated(to: dark, at: 0.25)
        let title = try #require(quarter.style(for: "home/title"))
        #expect(title.selector == "title", "variants switch at 0.5: before it, the unthemed rule wins")
        #expect(try title.color("textColor") == SkinColor(red: 0.25, green: 0.25, blue: 0.25))
        #expect(quarter.document.styling.styles["title"]?.properties["textColor"] == .color(SkinColor(red: 0.25, green: 0.25, blue: 0.25)))
    }
}
