import Foundation
import Testing

/// Tokens Studio's Generic Versioned Storage at `/v1/drafts/{id}/tokens-studio` (docs/api.md,
/// "Tokens Studio"), replaying what the Figma plugin sends: its `GenericVersionedStorage.ts`
/// (tokens-studio/figma-plugin, packages/tokens-studio-for-figma/src/storage, commit 2eefd37)
/// connects with a placeholder — `JSON.stringify({version, updatedAt, values: {options: {}}}, null, 2)`
/// by `POST` (Read/Write/Create) or `PUT` (Read/Write) — then reads with `GET` and replaces the
/// designer's local tokens with the answer; a push is a `PUT` of
/// `JSON.stringify({version, updatedAt, values, $themes})`, `$themes` always present.
@Suite struct TokensStudioSyncTests {
    static let pluginVersion = "2.10.0"

    /// The plugin's placeholder, exactly as `create()` writes it.
    static func placeholder(updatedAt: String) -> String {
        "{\n  \"version\": \"\(pluginVersion)\",\n  \"updatedAt\": \"\(updatedAt)\",\n  \"values\": {\n    \"options\": {}\n  }\n}"
    }

    /// A push, as `write()` serialises it: sets in the plugin's order, then the themes.
    static func push(_ sets: [(name: String, json: String)], themes: String, updatedAt: String) -> String {
        let values = sets.map { "\"\($0.name)\":\($0.json)" }.joined(separator: ",")
        return "{\"version\":\"\(pluginVersion)\",\"updatedAt\":\"\(updatedAt)\",\"values\":{\(values)},\"$themes\":\(themes)}"
    }

    static let sets: [(name: String, json: String)] = [
        ("core", ##"{"color":{"blue":{"value":"#0969da","type":"color"},"red":{"value":"#cf222e","type":"color"}}}"##),
        ("light", #"{"color":{"tint":{"value":"{color.blue}","type":"color"}}}"#),
        ("dark", #"{"color":{"tint":{"value":"{color.red}","type":"color"}}}"#),
    ]
    static let themes = #"[{"id":"l","name":"light","group":"mode","selectedTokenSets":{"core":"source","light":"enabled"}},{"id":"d","name":"dark","group":"mode","selectedTokenSets":{"core":"source","dark":"enabled"}}]"#

    static func send(
        _ server: TestServer, _ method: String, _ path: String, _ body: String? = nil, token: String?
    ) async throws -> TestResponse {
        var headers: [(String, String)] = [("Content-Type", "application/json")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        return try await server.request(method, path, headers: headers, body: Array((body ?? "").utf8))
    }

    @Test(arguments: GateBackend.available)
    func thePluginsConnectPushAndPullKeepTheDraftAndItsSetOrder(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            let url = "/v1/drafts/figma/tokens-studio?skin=studio"

            // Connecting to a draft that does not exist: the placeholder makes nothing.
            for method in ["POST", "PUT"] {
                let connect = try await Self.send(server, method, url, Self.placeholder(updatedAt: "2026-12-07T10:00:00.000Z"), token: designer)
                #expect(connect.status == 404 && connect.json["status"] as? Int == 404, "\(method)")
                #expect(connect.header("Access-Control-Allow-Origin") == "*")
            }
            #expect((try await server.request("GET", "/v1/drafts", headers: Release.auth(designer)).json["drafts"] as? [Any])?.isEmpty == true)

            // The designer pushes: the body is the draft's first revision, verbatim.
            let first = Self.push(Self.sets, themes: Self.themes, updatedAt: "2026-12-07T10:01:00.000Z")
            let pushed = try await Self.send(server, "PUT", url, first, token: designer)
            #expect(pushed.status == 200 && pushed.json["updatedAt"] as? String == "2026-12-07T10:01:00.000Z")
            #expect(pushed.header("Access-Control-Allow-Origin") == "*")
            #expect(try await server.request("GET", "/v1/drafts/figma", headers: Release.auth(designer)).text == first)

            // Connecting again: the placeholder changes nothing, and GET hands back exactly the push.
            let again = try await Self.send(server, "POST", url, Self.placeholder(updatedAt: "2026-12-07T11:00:00.000Z"), token: designer)
            #expect(again.status == 200 && again.json["created"] as? Bool == false)
            #expect(again.json["updatedAt"] as? String == "2026-12-07T10:01:00.000Z", "the last writer's time")
            let pulled = try await Self.send(server, "GET", url, token: designer)
            #expect(pulled.status == 200 && pulled.text == first)
            let values = try #require(try JSONSerialization.jsonObject(with: Data(pulled.body)) as? [String: Any])
            #expect(values["version"] is String)
            #expect(pulled.text.range(of: "\"core\"")!.lowerBound < pulled.text.range(of: "\"light\"")!.lowerBound)
            #expect(pulled.text.range(of: "\"light\"")!.lowerBound < pulled.text.range(of: "\"dark\"")!.lowerBound)
            let drafts = try await server.request("GET", "/v1/drafts", headers: Release.auth(designer)).json["drafts"] as? [[String: Any]] ?? []
            #expect(drafts.first?["revision"] as? Int == 1, "placeholders made no revision")

            // The draft resolves as a token set, its themes the variants.
            let dark = try await server.request("GET", "/v1/drafts/figma/resolved?variant=dark", headers: Release.auth(designer))
            #expect(dark.status == 200 && dark.text.lowercased().contains("#cf222e"))

            // A second writer's push wins and is a new revision; one that does not resolve is kept too.
            let broken = Self.push([("core", #"{"color":{"tint":{"value":"{color.missing}","type":"color"}}}"#)], themes: "[]", updatedAt: "2026-12-07T10:02:00.000Z")
            #expect(try await Self.send(server, "PUT", url, broken, token: designer).status == 200)
            #expect(try await Self.send(server, "GET", url, token: designer).text == broken)
            #expect(try await server.request("GET", "/v1/drafts/figma/resolved", headers: Release.auth(designer)).status == 422)
        }
    }

    @Test func corsAllowsThePluginsNullOriginAndTokensAreStillNeeded() async throws {
        try await TestServer.run { server in
            let reader = try await server.token(.reader)
            let preflight = try await server.request(
                "OPTIONS", "/v1/drafts/figma/tokens-studio",
                headers: [("Origin", "null"), ("Access-Control-Request-Method", "PUT"), ("Access-Control-Request-Headers", "authorization,content-type")])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == "*")
            #expect(preflight.header("Access-Control-Allow-Methods") == "GET, PUT, POST")
            #expect(preflight.header("Access-Control-Allow-Headers") == "Authorization, Content-Type")
            let anonymous = try await Self.send(server, "GET", "/v1/drafts/figma/tokens-studio", token: nil)
            #expect(anonymous.status == 401 && anonymous.header("Access-Control-Allow-Origin") == "*")
            #expect(try await Self.send(server, "PUT", "/v1/drafts/figma/tokens-studio?skin=x", Self.push(Self.sets, themes: "[]", updatedAt: "x"), token: reader).status == 403)
        }
    }

    /// Drafts seeded otherwise — from a published version, or an uploaded Tokens Studio export —
    /// are answered in the plugin's shape.
    @Test func aSeededDraftIsPulledInThePluginsShape() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let seeded = try await server.request("PUT", "/v1/drafts/from-demo?skin=demo&from=1", headers: Release.auth(designer))
            #expect(seeded.status == 201)
            let demo = try await Self.send(server, "GET", "/v1/drafts/from-demo/tokens-studio", token: designer)
            let shape = try #require(try JSONSerialization.jsonObject(with: Data(demo.body)) as? [String: Any])
            #expect((shape["values"] as? [String: Any])?.keys.sorted() == ["demo"])
            #expect(shape["$themes"] as? [Any] != nil && shape["updatedAt"] is String && shape["version"] is String)

            let export = "{\"dark\":\(Self.sets[2].json),\"core\":\(Self.sets[0].json),\"$themes\":\(Self.themes),\"$metadata\":{\"tokenSetOrder\":[\"core\",\"light\",\"dark\"]},\"light\":\(Self.sets[1].json)}"
            #expect(try await server.request("PUT", "/v1/drafts/upload?skin=studio", headers: Release.auth(designer), body: Array(export.utf8)).status == 201)
            let pulled = try await Self.send(server, "GET", "/v1/drafts/upload/tokens-studio", token: designer).text
            let core = try #require(pulled.range(of: "\"core\"")), light = try #require(pulled.range(of: "\"light\"")), dark = try #require(pulled.range(of: "\"dark\""))
            #expect(core.lowerBound < light.lowerBound && light.lowerBound < dark.lowerBound, "values in tokenSetOrder: \(pulled.prefix(200))")
        }
    }
}
