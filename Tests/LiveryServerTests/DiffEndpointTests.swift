import Foundation
import Testing
@testable import LiveryServer

/// `GET /v1/skins/{skin}/diff` over every selection, its impact, and the impact `publish` answers
/// with (docs/api.md, "Diff"), end to end.
@Suite struct DiffEndpointTests {
    static func bundle(darkSurface: String = "#101418", extra: String = "") -> String {
        ##"""
        {"resolver": {"version": "2025.10",
           "sets": {"base": {"sources": [{"$ref": "./base.json"}]}},
           "modifiers": {"theme": {"contexts": {"light": [{"$ref": "theme/light.json"}], "dark": [{"$ref": "theme/dark.json"}]}}},
           "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]},
         "files": {
           "base.json": {"color": {"$type": "color", "ink": {"$value": "#333333"}\##(extra)}},
           "theme/light.json": {"color": {"surface": {"$value": "#ffffff"}}},
           "theme/dark.json": {"color": {"surface": {"$value": "\##(darkSurface)"}}}},
         "$livery": {"rules": [{"selector": "checkout/title", "properties": {"textColor": "{color.ink}"}}]}}
        """##
    }

    @Test func aChangeOnlyInTheDarkThemeIsFoundWithoutAVariantAndNamedByItsSelection() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            let auth = [("Authorization", "Bearer \(designer)")]
            let first = try await server.publish("system", Self.bundle(), token: designer)
            #expect(first.status == 201)
            #expect(first.json["impact"] as? String == "additive", "a first version: everything in it appeared")
            let second = try await server.publish("system", Self.bundle(darkSurface: "#000000"), token: designer)
            #expect(second.json["impact"] as? String == "values")
            #expect((second.json["breaking"] as? [Any])?.isEmpty == true)

            let diff = try await server.request("GET", "/v1/skins/system/diff?from=1&to=2", headers: auth)
            #expect(diff.status == 200)
            let selections = try #require(diff.json["selections"] as? [[String]])
            #expect(selections.contains(["theme:dark"]) && selections.contains(["theme:light"]))
            let changed = try #require(diff.json["changed"] as? [String: [String: Any]])
            #expect(Array(changed.keys) == ["color.surface"])
            #expect(changed["color.surface"]?["in"] as? [[String]] == [["theme:dark"]])
            #expect(((changed["color.surface"]?["new"] as? [String: Any])?["value"] as? String) == "#000000ff")
            #expect(diff.json["impact"] as? String == "values")

            let light = try await server.request("GET", "/v1/skins/system/diff?from=1&to=2&variant=light", headers: auth)
            #expect((light.json["changed"] as? [String: Any])?.isEmpty == true, "variant= narrows to one selection")
            #expect(light.json["selections"] as? [[String]] == [["light"]])
            #expect(light.json["impact"] as? String == "none")
            let dark = try await server.request("GET", "/v1/skins/system/diff?from=1&to=2&variant=dark", headers: auth)
            #expect((dark.json["changed"] as? [String: Any]).map { Array($0.keys) } == ["color.surface"])
            #expect(try await server.request("GET", "/v1/skins/system/diff?from=1&to=2&variant=sepia", headers: auth).status == 400)
        }
    }

    @Test func removalsAndRetypesAreBreakingOnDiffAndPublishAdditionsAreAdditive() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            let auth = [("Authorization", "Bearer \(designer)")]
            let tint = ##", "tint": {"$value": "#3366ff"}"##
            #expect(try await server.publish("app", Self.bundle(), token: designer).status == 201)
            let added = try await server.publish("app", Self.bundle(extra: tint), token: designer)
            #expect(added.json["impact"] as? String == "additive")
            let renamed = Self.bundle(extra: ##", "accent": {"$value": "#3366ff"}"##).replacingOccurrences(of: "checkout/title", with: "checkout/heading")
            let broken = try await server.publish("app", renamed, token: designer)
            #expect(broken.status == 201, "impact informs; the compatibility gate is what refuses")
            #expect(broken.json["impact"] as? String == "breaking")
            let entries = try #require(broken.json["breaking"] as? [[String: Any]])
            #expect(entries.map { "\($0["kind"] as? String ?? "") \($0["path"] as? String ?? "") \($0["reason"] as? String ?? "")" }
                == ["token color.tint removed", "style checkout/title removed"])

            let retyped = Self.bundle(extra: ##", "accent": {"$type": "dimension", "$value": "4px"}"##)
            #expect(try await server.publish("app", retyped, token: designer).json["impact"] as? String == "breaking")
            let diff = try await server.request("GET", "/v1/skins/app/diff?from=3&to=4", headers: auth)
            let breaking = try #require(diff.json["breaking"] as? [[String: Any]])
            #expect(breaking.first?["reason"] as? String == "retyped")
            #expect(breaking.first?["oldType"] as? String == "color" && breaking.first?["newType"] as? String == "dimension")
            #expect((diff.json["styles"] as? [String: Any]).flatMap { $0["added"] as? [String: Any] }?.keys.first == "checkout/title")
            #expect(try await server.request("GET", "/v1/skins/app/diff?from=1&to=9", headers: auth).status == 404)
        }
    }
}
