import Foundation
import Testing
@testable import LiveryServer

/// Token sets over HTTP (docs/skins.md, "Token sets", §3.1, §3.2): publishing a resolver bundle, axes, one cached
/// document per permutation, selections on every route that takes variants, and the errors.
@Suite struct TokenSetEndpointTests {
    static let bundle = ##"""
    {"resolver": {"version": "2025.10",
       "sets": {"base": {"sources": [{"$ref": "./base.json"}]}},
       "modifiers": {
         "theme": {"contexts": {"light": [{"$ref": "theme/light.json"}], "dark": [{"$ref": "theme/dark.json"}]}},
         "density": {"contexts": {"compact": [], "roomy": [{"size": {"gap": {"$value": "16px"}}}]}}},
       "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/density"}]},
     "files": {
       "base.json": {"color": {"$type": "color", "ink": {"$value": "#333333"}, "text": {"$value": "{color.ink}"}},
                     "size": {"$type": "dimension", "gap": {"$value": "8px"}}},
       "theme/light.json": {"color": {"surface": {"$value": "#ffffff"}}},
       "theme/dark.json": {"color": {"surface": {"$value": "#101418"}, "ink": {"$value": "#eeeeee"}}}},
     "$livery": {"rules": [{"selector": "title", "properties": {"textColor": "{color.text}"}},
                           {"selector": "@dark/title", "properties": {"textColor": "{color.surface}"}}]}}
    """##

    static func token(_ document: [String: Any], _ path: String) -> String? {
        ((document["tokens"] as? [String: Any])?[path] as? [String: Any])?["value"] as? String
    }

    @Test func aBundlePublishesUnchangedAndEachPermutationIsItsOwnDocument() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            let auth = [("Authorization", "Bearer \(designer)")]
            #expect(try await server.publish("system", Self.bundle, token: designer).status == 201)
            #expect(try await server.request("GET", "/v1/skins/system/versions/1", headers: auth).body == Array(Self.bundle.utf8))

            let axes = try await server.request("GET", "/v1/skins/system", headers: auth).json["axes"] as? [[String: Any]]
            #expect(axes?.map { $0["name"] as? String } == ["theme", "density"])
            #expect(axes?.map { $0["contexts"] as? [String] } == [["light", "dark"], ["compact", "roomy"]])
            #expect(axes?.map { $0["default"] as? String } == ["light", "compact"])

            let light = try await server.get("/v1/skins/system/resolved")
            #expect(light.json["variants"] as? [String] == ["theme:light", "density:compact"])
            #expect(Self.token(light.json, "color.text") == "#333333ff")
            let dark = try await server.get("/v1/skins/system/resolved?variant=dark")
            #expect(dark.json["variants"] as? [String] == ["theme:dark", "density:compact"])
            #expect(Self.token(dark.json, "color.text") == "#eeeeeeff", "aliases resolve after the merge")
            let darkTag = try #require(dark.header("ETag"))
            #expect(darkTag != light.header("ETag"))
            let named = try await server.get("/v1/skins/system/resolved?variant=theme:dark&variant=density:compact")
            #expect(named.header("ETag") == darkTag, "the same permutation, however it is named, has the same bytes")
            #expect(try await server.get("/v1/skins/system/resolved?variant=theme:dark", headers: [("If-None-Match", darkTag)]).status == 304)
            let roomyDark = try await server.get("/v1/skins/system/resolved?variant=roomy,dark")
            #expect(roomyDark.json["variants"] as? [String] == ["theme:dark", "density:roomy"])

            for bad in ["sepia", "theme:sepia", "dark,light", "mode:dark"] {
                let answer = try await server.get("/v1/skins/system/resolved?variant=\(bad)")
                #expect(answer.status == 400, "\(bad)")
                #expect(answer.text.contains("unknown-variant"), "\(bad)")
            }

            let style = try await server.get("/v1/skins/system/styles/resolve?id=home/title&variant=dark")
            #expect(style.status == 200)
            #expect(style.json["selector"] as? String == "@dark/title", "a selected context is a theme for rules")
            #expect(try await server.get("/v1/skins/system/interpolate?from=light&to=dark&t=0.5").status == 200)
            let preview = try await server.request(
                "POST", "/v1/skins/system/preview?variant=roomy", headers: auth, body: Array(Self.bundle.utf8))
            #expect(preview.status == 200)
            #expect(preview.json["variants"] as? [String] == ["theme:light", "density:roomy"])
            #expect(preview.json["version"] as? Int == 2, "the draft would be the next version")

            let second = Self.bundle.replacingOccurrences(of: "#101418", with: "#000000")
            #expect(try await server.publish("system", second, token: designer).status == 201)
            let diff = try await server.request("GET", "/v1/skins/system/diff?from=1&to=2&variant=dark", headers: auth)
            #expect(diff.status == 200)
            #expect((diff.json["changed"] as? [String: Any]).map { Array($0.keys) } == ["color.surface"])
            let lightDiff = try await server.request("GET", "/v1/skins/system/diff?from=1&to=2", headers: auth)
            // Without `variant` every selection is compared; the change is named where it appears (docs/api.md, "Diff").
            let where_ = try #require(((lightDiff.json["changed"] as? [String: Any])?["color.surface"] as? [String: Any])?["in"] as? [[String]])
            #expect(!where_.isEmpty && where_.allSatisfy { $0.contains("theme:dark") || $0 == ["dark"] }, "light does not use dark.json: \(where_)")
        }
    }

    @Test func badBundlesAre422sNamingTheFileAndValidateSaysTheSame() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            let outside = Self.bundle.replacingOccurrences(of: "\"theme/dark.json\"}]", with: "\"../shared/dark.json\"}]")
            let refused = try await server.publish("system", outside, token: designer)
            #expect(refused.status == 422)
            let errors = try #require(refused.json["errors"] as? [[String: Any]])
            #expect(errors.contains { $0["code"] as? String == "outside-bundle" && ($0["message"] as? String)?.contains("../shared/dark.json") == true })
            let dry = try await server.request(
                "POST", "/v1/skins/system/validate", headers: [("Authorization", "Bearer \(designer)")], body: Array(outside.utf8))
            #expect(dry.json["valid"] as? Bool == false)
            #expect(dry.text.contains("outside-bundle"))

            let badValue = Self.bundle.replacingOccurrences(of: "\"#101418\"", with: "\"not a colour\"")
            let invalid = try await server.publish("system", badValue, token: designer)
            #expect(invalid.status == 422)
            let paths = (invalid.json["errors"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
            #expect(paths == ["theme/dark.json#/color/surface"], "validation resolves every context, and names the file")
            #expect(try await server.get("/v1/skins/system/resolved").status == 404, "nothing was stored")
        }
    }

    @Test func theBodyCapCoversTheWholeBundle() async throws {
        try await TestServer.run(seedDemo: false, configure: { $0.maxBodyBytes = Self.bundle.utf8.count - 1 }) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("system", Self.bundle, token: designer).status == 413)
        }
    }

    @Test func eachPermutationLongPollsOnItsOwn() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("system", Self.bundle, token: designer).status == 201)
            let darkTag = try #require(try await server.get("/v1/skins/system/resolved?variant=dark").header("ETag"))
            let lightTag = try #require(try await server.get("/v1/skins/system/resolved").header("ETag"))
            let pinnedTag = try #require(try await server.get("/v1/skins/system/versions/1/resolved?variant=dark").header("ETag"))
            async let dark = server.request("GET", "/v1/skins/system/resolved?variant=dark&wait=20", headers: [("If-None-Match", darkTag)])
            async let light = server.request("GET", "/v1/skins/system/resolved?wait=20", headers: [("If-None-Match", lightTag)])
            // Held for 5 s: the publish must land while it is held for its 304 to mean "not woken".
            async let pinned = server.request("GET", "/v1/skins/system/versions/1/resolved?variant=dark&wait=5", headers: [("If-None-Match", pinnedTag)])
            try await server.waitUntilHolding(3)
            let second = Self.bundle.replacingOccurrences(of: "#101418", with: "#000000")
            #expect(try await server.publish("system", second, token: designer).status == 201)
            let (darkAnswer, lightAnswer, pinnedAnswer) = try await (dark, light, pinned)
            #expect(darkAnswer.status == 200)
            #expect(darkAnswer.json["variants"] as? [String] == ["theme:dark", "density:compact"])
            #expect(Self.token(darkAnswer.json, "color.surface") == "#000000ff")
            #expect(lightAnswer.status == 200)
            #expect(lightAnswer.json["variants"] as? [String] == ["theme:light", "density:compact"])
            #expect(pinnedAnswer.status == 304, "version 1's dark permutation did not change")
        }
    }
}
