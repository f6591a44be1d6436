import Foundation
@testable import LiveryServer
import Testing

/// docs/api.md, "Publishing and activating": `POST /v1/skins/{skin}/preview` resolves a draft as its publish would, stores nothing.
@Suite struct PreviewEndpointTests {
    static let draft = """
        {"$livery": {"variants": {"dark": {"color": {"background": {"$value": "#101418"}}}}},
         "color": {"$type": "color", "tint": {"$value": "#ff7a00"},
                   "background": {"$value": "lighten({color.tint}, 0.9)"}}}
        """

    func preview(_ server: TestServer, _ target: String, _ body: String, token: String?) async throws -> TestResponse {
        try await server.request(
            "POST", target, headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [], body: Array(body.utf8))
    }

    @Test func aDraftResolvesLikeItsPublishWouldAndNothingIsStored() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let light = try await preview(server, "/v1/skins/summer/preview", Self.draft, token: designer)
            #expect(light.status == 200)
            #expect(light.header("Cache-Control") == "no-store")
            #expect(light.header("Livery-Version") == "summer@1")
            let tokens = try #require(light.json["tokens"] as? [String: [String: Any]])
            #expect(tokens["color.background"]?["value"] as? String == "#fff2e6ff")

            let dark = try await preview(server, "/v1/skins/summer/preview?variant=dark", Self.draft, token: designer)
            #expect((dark.json["tokens"] as? [String: [String: Any]])?["color.background"]?["value"] as? String == "#101418ff")
            #expect(dark.json["variants"] as? [String] == ["dark"])
            #expect(try await server.get("/v1/skins/summer/resolved").status == 404, "a preview stores nothing")

            // Once published, the stored version resolves to exactly the bytes the preview gave.
            #expect(try await server.publish("summer", Self.draft, token: designer).status == 201)
            #expect(try await server.get("/v1/skins/summer/versions/1/resolved?variant=dark").body == dark.body)
            let next = try await preview(server, "/v1/skins/summer/preview?format=dtcg", Self.draft, token: designer)
            #expect(next.header("Livery-Version") == "summer@2", "the version a publish would create")
            #expect(next.json["color"] != nil, "format=dtcg gives the DTCG tree")
            let css = try await preview(server, "/v1/skins/summer/preview?format=css", Self.draft, token: designer)
            #expect(css.header("Content-Type")?.hasPrefix("text/css") == true)
            #expect(css.text.contains("--color-tint: #ff7a00;"), "\(css.text)")
        }
    }

    @Test func anInvalidDraftGivesTheErrorsValidateGives() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let broken = ##"{"color": {"$type": "color", "a": {"$value": "{color.nope}"}, "b": {"$value": "#zz"}}}"##
            let validated = try await preview(server, "/v1/skins/demo/validate", broken, token: designer)
            let previewed = try await preview(server, "/v1/skins/demo/preview", broken, token: designer)
            #expect(previewed.status == 422)
            #expect(previewed.header("Content-Type") == "application/problem+json")
            let errors = try #require(previewed.json["errors"] as? [[String: String]])
            #expect(errors.count == 2)
            #expect(errors == validated.json["errors"] as? [[String: String]])

            let lineage = try await preview(server, "/v1/skins/demo/preview", #"{"$livery": {"extends": "missing"}}"#, token: designer)
            #expect(lineage.status == 422)
            #expect((lineage.json["errors"] as? [[String: String]])?.first?["code"] == "unknown-skin")

            let notJSON = try await preview(server, "/v1/skins/demo/preview", "{", token: designer)
            #expect(notJSON.status == 400)
            let variant = try await preview(server, "/v1/skins/demo/preview?variant=sepia", Self.draft, token: designer)
            #expect(variant.status == 400, "an unknown variant is caught as on every resolved read")
            #expect(try await preview(server, "/v1/skins/demo/preview?format=xml", Self.draft, token: designer).status == 400)
        }
    }

    @Test func previewNeedsADesignerToken() async throws {
        try await TestServer.run { server in
            #expect(try await preview(server, "/v1/skins/demo/preview", Self.draft, token: nil).status == 401)
            let reader = try await server.token(.reader)
            #expect(try await preview(server, "/v1/skins/demo/preview", Self.draft, token: reader).status == 403)
        }
    }

    @Test func styleLookupsCanNameAVersion() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let second = #"{"$livery": {"rules": [{"selector": "checkout/button", "properties": {"alpha": 0.5}}]}, "n": {"$type": "number", "$value": 1}}"#
            #expect(try await server.publish("demo", second, token: designer).status == 201)
            let latest = try await server.get("/v1/skins/demo/styles/resolve?id=checkout/button")
            #expect((latest.json["properties"] as? [String: Any])?["alpha"] as? Double == 0.5)
            let first = try await server.get("/v1/skins/demo/styles/resolve?id=checkout/button&version=1&variant=dark")
            #expect((first.json["properties"] as? [String: Any])?["backgroundColor"] as? String == "#7a9cffff")
            #expect(try await server.get("/v1/skins/demo/styles/resolve?id=checkout/button&version=9").status == 404)
            #expect(try await server.get("/v1/skins/demo/styles/resolve?id=checkout/button&version=0").status == 400)
        }
    }
}
