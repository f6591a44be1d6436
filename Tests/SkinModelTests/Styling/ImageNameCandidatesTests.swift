import Testing
@testable import SkinModel

@Suite("Image-name fallback")
struct ImageNameCandidatesTests {
    @Test("the documented example, verbatim")
    func specExample() {
        // "An image lookup for client/searchbar/image tries client_searchbar_image,
        // *_searchbar_image, client_*_image, *_*_image, in that order"
        #expect(ImageNameCandidates.candidates(for: "client/searchbar/image", variants: []) == [
            "client_searchbar_image", "*_searchbar_image", "client_*_image", "*_*_image",
        ])
    }

    @Test("the documented general order: by number replaced, outer components first")
    func generalOrder() {
        // "(a_b_c; *_b_c, a_*_c, a_b_*; *_*_c, *_b_*, a_*_*; *_*_*, each followed by _atom)"
        #expect(ImageNameCandidates.candidates(for: "a/b/c/atom", variants: []) == [
            "a_b_c_atom",
            "*_b_c_atom", "a_*_c_atom", "a_b_*_atom",
            "*_*_c_atom", "*_b_*_atom", "a_*_*_atom",
            "*_*_*_atom",
        ])
    }

    @Test("variants: each candidate with each variant prefix in request order, then bare")
    func variants() {
        // "(dark_client_searchbar_image, then client_searchbar_image)"
        #expect(ImageNameCandidates.candidates(for: "client/searchbar/image", variants: ["dark"]) == [
            "dark_client_searchbar_image", "client_searchbar_image",
            "dark_*_searchbar_image", "*_searchbar_image",
            "dark_client_*_image", "client_*_image",
            "dark_*_*_image", "*_*_image",
        ])
        #expect(ImageNameCandidates.candidates(for: "top/icon", variants: ["dark", "hc"]) == [
            "dark_top_icon", "hc_top_icon", "top_icon", "dark_*_icon", "hc_*_icon", "*_icon",
        ])
    }

    @Test("edge cases", arguments: [
        ("icon", ["dark"], ["dark_icon", "icon"]),
        ("", [], []),
        ("a//b", [], []),
        ("checkout/button[disabled]", [], ["checkout_button[disabled]", "*_button[disabled]"]),
    ] as [(String, [String], [String])])
    func edges(id: String, variants: [String], expected: [String]) {
        #expect(ImageNameCandidates.candidates(for: id, variants: variants) == expected)
    }

    @Test("the candidate count is 2^(components-1) × (variants+1)")
    func count() {
        #expect(ImageNameCandidates.candidates(for: "a/b/c/d/e/f", variants: ["x", "y"]).count == 32 * 3)
        #expect(Set(ImageNameCandidates.candidates(for: "a/b/c/d/e/f", variants: []).map { $0 }).count == 32)
    }

    static func asset(_ digit: Character) -> AssetInfo {
        let hex = String(repeating: digit, count: 64)
        return AssetInfo(sha256: hex, url: "/v1/assets/\(hex)", contentType: "image/png", bytes: 10)
    }

    @Test("image(for:variants:) returns the first candidate the skin has")
    func lookup() throws {
        let styling = ResolvedStyling(images: [
            "*_searchbar_image": Self.asset("1"), "client_searchbar_image": Self.asset("2"),
            "dark_*_searchbar_image": Self.asset("3"), "*_*_image": Self.asset("4"),
        ])
        #expect(styling.image(for: "client/searchbar/image", variants: [])?.name == "client_searchbar_image")
        #expect(styling.image(for: "client/searchbar/image", variants: ["dark"])?.name == "client_searchbar_image")
        #expect(styling.image(for: "other/searchbar/image", variants: [])?.name == "*_searchbar_image")
        #expect(styling.image(for: "other/searchbar/image", variants: ["dark"])?.name == "dark_*_searchbar_image")
        #expect(styling.image(for: "other/searchbar/image", variants: ["dark"])?.asset == Self.asset("3"))
        #expect(styling.image(for: "x/y/image", variants: ["dark"])?.name == "*_*_image")
        #expect(styling.image(for: "x/image", variants: []) == nil)
    }
}
