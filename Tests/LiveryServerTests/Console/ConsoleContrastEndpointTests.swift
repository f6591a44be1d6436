import Foundation
@testable import LiveryServer
import Testing

/// `GET /v1/skins/{skin}/contrast` (docs/api.md): the findings the console marks on a Look, from
/// the server's own contrast rules: failing declared and implied pairs of one selection, and text
/// colours (never backgrounds or borders) measured on the surfaces they are meant for.
@Suite struct ConsoleContrastEndpointTests {
    static let skin = """
        {
          "$livery": {
            "contrast": [{ "foreground": "{brand.accent}", "background": "{bgColor.default}" }],
            "variants": { "dark": { "bgColor": { "default": { "$value": "#0d1117" } } } }
          },
          "borderColor": { "$type": "color", "default": { "$value": "#d1d9e0" } },
          "bgColor": { "$type": "color", "default": { "$value": "#ffffff" }, "muted": { "$value": "#f6f8fa" }, "emphasis": { "$value": "#25292e" } },
          "fgColor": { "$type": "color", "default": { "$value": "#1f2328" }, "muted": { "$value": "#aaaaaa" }, "onEmphasis": { "$value": "#ffffff" } },
          "brand": { "$type": "color", "accent": { "$value": "#777777" } },
          "overlay": { "$type": "color", "context": { "$value": "#eeeeee" } },
          "counter": { "$type": "color", "fgColor": { "$value": "#ffffff" }, "bgColor": { "$value": "#ffffff33" } },
          "editor": { "$type": "color", "bgColor": { "$value": "#ffffff" }, "marker": { "fgColor": { "$value": "#ffffff" } } }
        }
        """

    @Test func textColoursAreMeasuredOnTheSurfacesTheyAreMeantForAndBackgroundsAreNot() async throws {
        try await TestServer.run { server in
            let token = try await server.token(.designer)
            #expect(try await server.publish("site", Self.skin, token: token).status == 201)
            let answer = try await server.get("/v1/skins/site/contrast?version=1")
            #expect(answer.status == 200)
            let json = answer.json
            let text = try #require(json["text"] as? [[String: Any]])
            let paths = text.compactMap { $0["path"] as? String }
            // fg words and the declared pair's foreground are text; bg, border and "context" are not.
            // Not judged: text on a translucent surface (what shows through it is not named), and
            // text on a surface of its very colour (the names pair it wrongly: nobody means it).
            #expect(paths == ["brand.accent", "fgColor.default", "fgColor.muted", "fgColor.onEmphasis"])
            let muted = try #require(text.first { $0["path"] as? String == "fgColor.muted" })
            #expect(muted["passes"] as? Bool == false)
            #expect(muted["background"] as? String == "bgColor.muted", "the worst of its pairs")
            #expect((muted["ratio"] as? Double).map { $0 > 2.1 && $0 < 2.2 } == true, "#aaaaaa on #f6f8fa is 2.17:1")
            let surfaces = (muted["pairs"] as? [[String: Any]])?.compactMap { $0["background"] as? String }
            #expect(surfaces == ["bgColor.muted", "bgColor.default"], "each neutral surface, worst first")
            #expect(text.first { $0["path"] as? String == "fgColor.default" }?["passes"] as? Bool == true)
            // White text for emphasis surfaces is judged on them, never on the white page.
            let onEmphasis = try #require(text.first { $0["path"] as? String == "fgColor.onEmphasis" })
            #expect(onEmphasis["background"] as? String == "bgColor.emphasis")
            #expect(onEmphasis["passes"] as? Bool == true)
            // The declared pair's foreground is judged on its declared background alone.
            let declared = try #require(text.first { $0["path"] as? String == "brand.accent" })
            #expect((declared["pairs"] as? [[String: Any]])?.map { $0["declared"] as? Bool } == [true])
            // #777777 on white is 4.48:1: the declared pair fails under the base look.
            let failures = try #require(json["failures"] as? [[String: Any]])
            #expect(failures.count == 1)
            #expect(failures.first?["foreground"] as? String == "{brand.accent}")
            #expect(failures.first?["path"] as? String == "$livery.contrast[0]")
        }
    }

    @Test func aSelectionIsMeasuredWithItsOwnSurfaces() async throws {
        try await TestServer.run { server in
            let token = try await server.token(.designer)
            #expect(try await server.publish("site", Self.skin, token: token).status == 201)
            let dark = try await server.get("/v1/skins/site/contrast?variant=dark").json
            #expect(dark["variants"] as? [String] == ["dark"])
            let failures = try #require(dark["failures"] as? [[String: Any]])
            #expect(failures.count == 1, "#777777 on #0d1117 is below 4.5:1 too")
            let text = try #require(dark["text"] as? [[String: Any]])
            let fgDefault = try #require(text.first { $0["path"] as? String == "fgColor.default" })
            #expect(fgDefault["passes"] as? Bool == false, "#1f2328 on the dark page")
            #expect(fgDefault["background"] as? String == "bgColor.default")
        }
    }

    @Test func anUnknownSkinOrVersionIsNotFound() async throws {
        try await TestServer.run { server in
            let token = try await server.token(.designer)
            #expect(try await server.publish("site", Self.skin, token: token).status == 201)
            #expect(try await server.get("/v1/skins/nope/contrast").status == 404)
            #expect(try await server.get("/v1/skins/site/contrast?version=7").status == 404)
        }
    }
}
