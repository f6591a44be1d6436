import Testing
@testable import SkinModel

/// docs/skins.md, "Which surfaces a text colour is judged on": the pairing a design system's own
/// names give, with Primer's names and those of systems named otherwise.
@Suite("Named surface pairing")
struct NamedSurfacePairingTests {
    /// Primer's functional and component colours, as its files name them.
    static let primer = [
        "fgColor.default", "fgColor.muted", "fgColor.onEmphasis", "fgColor.onInverse", "fgColor.danger", "fgColor.accent",
        "fgColor.link", "fgColor.white", "fgColor.disabled",
        "bgColor.default", "bgColor.muted", "bgColor.inset", "bgColor.emphasis", "bgColor.inverse", "bgColor.white",
        "bgColor.accent.emphasis", "bgColor.accent.muted", "bgColor.danger.emphasis", "bgColor.danger.muted",
        "borderColor.default", "borderColor.danger.emphasis",
        "button.danger.fgColor.rest", "button.danger.fgColor.hover", "button.danger.bgColor.rest", "button.danger.bgColor.hover",
        "button.inactive.fgColor", "button.inactive.bgColor",
        "header.fgColor.default", "header.fgColor.logo", "header.bgColor",
        "codeMirror.bgColor", "codeMirror.syntax.fgColor.keyword",
        "display.blue.fgColor", "display.blue.bgColor.emphasis", "display.blue.bgColor.muted",
        "color.prettylights.syntax.markup.changed.text", "color.prettylights.syntax.markup.changed.bg",
    ]

    @Test("words: camelCase, dots, dashes and underscores split; color is filler")
    func names() {
        #expect(ColorRoleName.words(of: "button.danger.fgColor.rest") == ["button", "danger", "fg", "color", "rest"])
        let name = ColorRoleName(path: "bgColor.accent.emphasis")
        #expect(name.role == .surface && name.scope == [] && name.qualifier == ["accent", "emphasis"])
        let text = ColorRoleName(path: "button.danger.fgColor.rest")
        #expect(text.role == .text && text.scope == ["button", "danger"] && text.qualifier == ["rest"])
        #expect(ColorRoleName(path: "overlay.context").role == nil, "context is one word, not text")
        #expect(ColorRoleName(path: "color-text-primary").qualifier == ["primary"])
    }

    @Test("onEmphasis text is for the emphasis surfaces alone, and they for it")
    func onEmphasis() {
        let pairs = NamedSurfacePairing.pairs(among: Self.primer)
        #expect(pairs["fgColor.onEmphasis"] == ["bgColor.accent.emphasis", "bgColor.danger.emphasis", "bgColor.emphasis"])
        #expect(pairs["fgColor.onInverse"] == ["bgColor.inverse"])
        #expect(pairs["fgColor.danger"] == ["bgColor.danger.muted"], "never on the danger emphasis surface")
        #expect(pairs["fgColor.accent"] == ["bgColor.accent.muted"])
    }

    @Test("neutral text reads on the neutral surfaces; text no surface is named for, on them too")
    func neutral() {
        let pairs = NamedSurfacePairing.pairs(among: Self.primer)
        #expect(pairs["fgColor.default"] == ["bgColor.default", "bgColor.muted"])
        #expect(pairs["fgColor.muted"] == ["bgColor.default", "bgColor.muted"])
        #expect(pairs["fgColor.link"] == ["bgColor.default", "bgColor.muted"])
    }

    @Test("components pair within their scope, state with state; a scope without surfaces asks its parent")
    func components() {
        let pairs = NamedSurfacePairing.pairs(among: Self.primer)
        #expect(pairs["button.danger.fgColor.hover"] == ["button.danger.bgColor.hover"])
        #expect(pairs["button.danger.fgColor.rest"] == ["button.danger.bgColor.rest"])
        #expect(pairs["header.fgColor.default"] == ["header.bgColor"])
        #expect(pairs["header.fgColor.logo"] == ["header.bgColor"])
        #expect(pairs["codeMirror.syntax.fgColor.keyword"] == ["codeMirror.bgColor"])
        #expect(pairs["display.blue.fgColor"] == ["display.blue.bgColor.muted"], "emphasis is not a neutral surface")
        #expect(pairs["color.prettylights.syntax.markup.changed.text"] == ["color.prettylights.syntax.markup.changed.bg"])
    }

    @Test("not judged: inactive text, text named for its colour, and text no surface is meant for")
    func notJudged() {
        let pairs = NamedSurfacePairing.pairs(among: Self.primer)
        #expect(pairs["fgColor.disabled"] == nil)
        #expect(pairs["button.inactive.fgColor"] == nil)
        #expect(pairs["fgColor.white"] == nil, "white text on bgColor.white would be a false 1:1")
        #expect(pairs.keys.allSatisfy { ColorRoleName(path: $0).role == .text }, "backgrounds and borders are never judged")
        // A palette (Polaris's `color.blueText`) names no surface at all.
        #expect(NamedSurfacePairing.pairs(among: ["color.blue", "color.blueText", "color.white"]).isEmpty)
    }

    @Test("other namings: text-primary on background, on-surface text")
    func otherNamings() {
        let carbon = NamedSurfacePairing.pairs(among: ["text-primary", "text-on-color", "background", "background-inverse", "layer-01"])
        #expect(carbon["text-primary"] == ["background"])
        #expect(carbon["text-on-color"] == nil, "no surface is named for color")
        let material = NamedSurfacePairing.pairs(among: ["text.onPrimary", "surface.primary", "surface.default", "text.default"])
        #expect(material["text.onPrimary"] == ["surface.primary"])
        #expect(material["text.default"] == ["surface.default"], "primary is that text's alone")
    }
}
