import Foundation
@testable import LiveryServer
import Testing

/// `GET /v1/skins/{skin}/contrast` (docs/api.md): the findings the console marks on a Look, from
/// the server's own contrast rules: failing declared and implied pairs of one selection, and text
/// colours (never backgrounds or borders) measured against the chosen background.
@Suite struct ConsoleContrastEndpointTests {
    static let skin = """
        {
          "$livery": {
            "contrast": [{ "foreground": "{brand.accent}", "background": "{bgColor.default}" }],
            "variants": { "dark": { "bgColor": { "default": { "$value": "#0d1117" } } } }
          },
          "bgColor": { "$type": "color", "default": { "$value": "#ffffff" }, "muted": { "$value": "#f6f8fa" } },
          "borderColor": { "$type": "color", "default": { "$value": "#d1d9e0" } },
          "fgColor": { "$type": "color", "default": { "$value": "#1f2328" }, "muted": { "$value": "#aaaaaa" } },
          "brand": { "$type": "color", "accent": { "$value": "#777777" } },
          "overlay": { "$type": "color", "context": { "$value": "#eeeeee" } }
        }
        """

    @Test func textColoursAreMeasuredOnTheChosenBackgroundAndBackgroundsAreNot() async throws {
        try await TestServer.run { server in
            let token = try await server.token(.designer)
            #expect(try await server.publish("site", Self.skin, token: token).status == 201)
            let answer = try await server.get("/v1/skins/site/contrast?version=1&background=bgColor.default")
            #expect(answer.status == 200)
            let json = answer.json
            let text = try #require(json["text"] as? [[String: Any]])
            let paths = text.compactMap { $0["path"] as? String }
            // fg words and the declared pair's foreground are text; bg, border and "context" are not.
            #expect(paths == ["brand.accent", "fgColor.default", "fgColor.muted"])
            let muted = try #require(text.first { $0["path"] as? String == "fgColor.muted" })
            #expect(muted["passes"] as? Bool == false)
            #expect((muted["ratio"] as? Double).map { $0 > 2.3 && $0 < 2.4 } == true, "#aaaaaa on white is 2.32:1")
            #expect(text.first { $0["path"] as? String == "fgColor.default" }?["passes"] as? Bool == true)
            let background = try #require(json["background"] as? [String: Any])
            #expect(background["token"] as? String == "bgColor.default")
            #expect(background["value"] as? String == "#ffffffff")
            // #777777 on white is 4.48:1: the declared pair fails under the base look.
            let failures = try #require(json["failures"] as? [[String: Any]])
            #expect(failures.count == 1)
            #expect(failures.first?["foreground"] as? String == "{brand.accent}")
            #expect(failures.first?["path"] as? String == "$livery.contrast[0]")
        }
    }

    @Test func aSelectionAndALiteralBackgroundAreMeasuredToo() async throws {
        try await TestServer.run { server in
            let token = try await server.token(.designer)
            #expect(try await server.publish("site", Self.skin, token: token).status == 201)
            let dark = try await server.get("/v1/skins/site/contrast?variant=dark&background=%23000000").json
            #expect(dark["variants"] as? [String] == ["dark"])
            let failures = try #require(dark["failures"] as? [[String: Any]])
            #expect(failures.count == 1, "#777777 on #0d1117 is below 4.5:1 too")
            let text = try #require(dark["text"] as? [[String: Any]])
            #expect(text.first { $0["path"] as? String == "fgColor.default" }?["passes"] as? Bool == false, "#1f2328 on black")
            #expect((dark["background"] as? [String: Any])?["token"] is NSNull)
        }
    }

    @Test func anUnknownBackgroundOrSkinIsRefusedByName() async throws {
        try await TestServer.run { server in
            let token = try await server.token(.designer)
            #expect(try await server.publish("site", Self.skin, token: token).status == 201)
            let unknown = try await server.get("/v1/skins/site/contrast?background=space.small")
            #expect(unknown.status == 400)
            #expect((unknown.json["detail"] as? String)?.contains("space.small") == true)
            #expect(try await server.get("/v1/skins/nope/contrast").status == 404)
            #expect(try await server.get("/v1/skins/site/contrast?version=7").status == 404)
        }
    }
}
