import Testing
@testable import SkinModel

/// `TokenPath.exactAlias` reads bytes for speed: it must still say exactly which strings are
/// one whole DTCG alias, non-ASCII names included.
@Suite("Token paths")
struct TokenPathTests {
    @Test("exact aliases and the strings that are not one", arguments: [
        ("{color.tint}", "color.tint"),
        ("{a}", "a"),
        ("{couleur.teinte-é}", "couleur.teinte-é"),
        ("{颜色.主色}", "颜色.主色"),
        ("{group.$root}", "group.$root"),
        ("{}", nil),
        ("{", nil),
        ("}", nil),
        ("color.tint", nil),
        ("{a}{b}", nil),
        ("{a.{b}}", nil),
        ("{a} * 2", nil),
        (" {a}", nil),
        ("{a..b}", nil),
        ("{a.$value}", nil),
        ("{.a}", nil),
    ] as [(String, String?)])
    func exactAlias(text: String, expected: String?) {
        #expect(TokenPath.exactAlias(text) == expected)
    }
}
