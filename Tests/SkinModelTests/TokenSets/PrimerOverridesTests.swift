import Testing
@testable import SkinModel

/// Primer's per-theme values in `$extensions["org.primer.overrides"]` (docs/skins.md, "Primer's
/// theme overrides"): the context of a selection that bears an override's name gets it; others
/// keep the token's own `$value`. Primer's corpus bundle is checked end to end in the CLI's
/// token-set corpus suite (every permutation against an independent merge).
@Suite("Token sets: Primer's theme overrides")
struct PrimerOverridesTests {
    /// A theme axis light|dark|dark-hc (Primer names the last `dark-high-contrast`).
    static let bundle = ##"""
    { "resolver": { "version": "2025.10",
        "sets": { "functional": { "sources": [ { "$ref": "functional.json" } ] } },
        "modifiers": { "theme": { "contexts": {
            "light": [ { "$ref": "light.json" } ], "dark": [ { "$ref": "dark.json" } ], "dark-hc": [ { "$ref": "dark.json" } ] },
            "default": "light" } },
        "resolutionOrder": [ { "$ref": "#/modifiers/theme" }, { "$ref": "#/sets/functional" } ] },
      "files": {
        "light.json": { "base": { "$type": "color", "neutral": { "1": { "$value": "#ffffff" }, "7": { "$value": "#d1d9e0" } } } },
        "dark.json": { "base": { "$type": "color", "neutral": { "1": { "$value": "#151b23" }, "7": { "$value": "#3d444d" } } } },
        "functional.json": { "$type": "color",
          "borderColor": { "default": { "$value": "{base.neutral.7}",
            "$extensions": { "org.primer.overrides": { "dark": "{base.neutral.1}", "dark-high-contrast": "#ff0000" } } } },
          "bgColor": { "muted": { "$value": "{base.neutral.1}", "alpha": 0.5,
            "$extensions": { "org.primer.overrides": { "dark": { "$value": "{base.neutral.7}", "alpha": 0.25 } } } },
            "plain": { "$value": "{base.neutral.7}", "alpha": 0.5,
            "$extensions": { "org.primer.overrides": { "dark": "{base.neutral.1}" } } } }
        } } }
    """##

    static let skin = [LineageEntry(skin: "primer", version: 1, document: document(bundle))]

    @Test("the context of the override's name takes it; the others keep the token's own value")
    func overridesApplyByContextName() throws {
        let light = resolve(Self.skin)
        #expect(light.value("borderColor.default") == quoted("#d1d9e0ff"))
        let dark = resolve(Self.skin, variants: ["dark"])
        #expect(dark.value("borderColor.default") == quoted("#151b23ff"), "dark's own override, resolved in dark")
        // Primer's build spreads an object override over the token: its alpha replaces the token's…
        #expect(dark.value("bgColor.muted") == quoted("#3d444d40"))
        // …and a text override replaces the value only: the token's own alpha stays.
        #expect(dark.value("bgColor.plain") == quoted("#151b2380"))
        // Only exact names: dark-hc is not Primer's dark-high-contrast.
        #expect(resolve(Self.skin, variants: ["dark-hc"]).value("borderColor.default") == quoted("#3d444dff"))
    }

    @Test("each applied override is a mapped-type warning at the file that wrote the token")
    func overridesAreSaid() throws {
        let dark = try #require(resolve(Self.skin, variants: ["dark"]).skin)
        let said = dark.warnings.filter { $0.code == .mappedType && $0.message.contains("Primer's override for dark") }
        // One warning of the kind, naming every token it concerns.
        #expect(said.count == 1)
        #expect(Set(said.flatMap { [$0.path] + $0.otherPaths })
            == ["functional.json#/borderColor/default", "functional.json#/bgColor/muted", "functional.json#/bgColor/plain"])
        let light = try #require(resolve(Self.skin).skin)
        #expect(!light.warnings.contains { $0.message.contains("Primer's override") })
    }
}
