import Foundation
import Testing

/// A draft's kept revisions, readable (docs/api.md, "Drafts"): two designers saving the same
/// draft lose nothing to each other, because each save is kept and can be listed and read back
/// until it is older than the latest 50. On each backend.
@Suite struct DraftRevisionTests {
    static func revisions(_ server: TestServer, _ id: String, token: String) async throws -> [[String: Any]] {
        try await server.request("GET", "/v1/drafts/\(id)/revisions", headers: Release.auth(token)).json["revisions"] as? [[String: Any]] ?? []
    }

    static func revision(_ server: TestServer, _ id: String, _ number: String, token: String, headers: [(String, String)] = []) async throws -> TestResponse {
        try await server.request("GET", "/v1/drafts/\(id)?revision=\(number)", headers: Release.auth(token) + headers)
    }

    @Test(arguments: GateBackend.available)
    func everySaveIsListedNewestFirstAndReadBackAsSaved(backend: GateBackend) async throws {
        try await backend.run { server in
            let ana = try await server.token(.designer, name: "ana")
            let bob = try await server.token(.designer, name: "bob")
            let bodies = [Release.skin(tint: "#000001"), Release.skin(tint: "#000002"), #"{"color": {"tint": {"$value": "{nowhere}"}}}"#]
            #expect(try await DraftEndpointTests.put(server, "spring", bodies[0], token: ana).status == 201)
            #expect(try await DraftEndpointTests.put(server, "spring", bodies[1], token: bob).status == 200)
            #expect(try await DraftEndpointTests.put(server, "spring", bodies[2], token: ana).status == 200, "kept though it does not validate")

            let listed = try await Self.revisions(server, "spring", token: bob)
            #expect(listed.map { $0["revision"] as? Int } == [3, 2, 1], "newest first")
            #expect(listed.map { $0["author"] as? String } == ["ana", "bob", "ana"])
            #expect(listed.map { $0["bytes"] as? Int } == bodies.reversed().map { $0.utf8.count })
            #expect(listed.allSatisfy { ($0["savedAt"] as? String)?.hasSuffix("Z") == true && $0.count == 4 })

            // Bob's save, overwritten by Ana's, is still there, exactly as he sent it.
            let bobs = try await Self.revision(server, "spring", "2", token: ana)
            #expect(bobs.status == 200 && bobs.text == bodies[1])
            #expect(bobs.header("ETag") == "\"d2\"" && bobs.header("Livery-Skin") == "app")
            #expect(try await Self.revision(server, "spring", "2", token: ana, headers: [("If-None-Match", "\"d2\"")]).status == 304)
            #expect(try await server.request("GET", "/v1/drafts/spring", headers: Release.auth(ana)).text == bodies[2], "without it, the latest")

            let never = try await Self.revision(server, "spring", "4", token: ana)
            #expect(never.status == 404 && never.json["type"] as? String == "https://livery.dev/problems/revision-not-found")
            #expect(try await Self.revision(server, "spring", "0", token: ana).status == 404)
            #expect(try await Self.revision(server, "spring", "two", token: ana).status == 400)
            let noDraft = try await Self.revision(server, "autumn", "1", token: ana)
            #expect(noDraft.status == 404 && noDraft.json["type"] as? String == "https://livery.dev/problems/not-found")
            #expect(try await server.request("GET", "/v1/drafts/autumn/revisions", headers: Release.auth(ana)).status == 404)

            // A deleted draft's revisions go with it; made again, it lists only its new ones.
            #expect(try await server.request("DELETE", "/v1/drafts/spring", headers: Release.auth(ana)).status == 204)
            #expect(try await server.request("GET", "/v1/drafts/spring/revisions", headers: Release.auth(ana)).status == 404)
            #expect(try await DraftEndpointTests.put(server, "spring", bodies[0], token: bob).status == 201)
            #expect(try await Self.revisions(server, "spring", token: ana).map { $0["revision"] as? Int } == [4])
            #expect(try await Self.revision(server, "spring", "1", token: ana).status == 404, "not the old draft's revision 1")
        }
    }

    @Test(arguments: GateBackend.available)
    func theLatestFiftyAreKeptAndOlderOnesAreGone(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            for tint in 1...52 {
                let body = ##"{"color": {"$type": "color", "tint": {"$value": "#0000\##(String(format: "%02x", tint))"}}}"##
                #expect(try await server.request(
                    "PUT", "/v1/drafts/busy/tokens-studio?skin=app", headers: Release.auth(designer),
                    body: Array(#"{"version": "2.10.0", "values": {"core": \#(body)}, "$themes": []}"#.utf8)).status == 200)
            }
            let listed = try await Self.revisions(server, "busy", token: designer).compactMap { $0["revision"] as? Int }
            #expect(listed == Array((3...52).reversed()))
            #expect(try await Self.revision(server, "busy", "2", token: designer).json["type"] as? String
                == "https://livery.dev/problems/revision-not-found", "pruned")
            #expect(try await Self.revision(server, "busy", "3", token: designer).text.contains("#000003"))
        }
    }

    @Test func onlyDesignersReadRevisions() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let reader = try await server.token(.reader)
            #expect(try await DraftEndpointTests.put(server, "winter", Release.skin(tint: "#101010"), token: designer).status == 201)
            for path in ["/v1/drafts/winter/revisions", "/v1/drafts/winter?revision=1"] {
                #expect(try await server.request("GET", path).status == 401, "\(path)")
                #expect(try await server.request("GET", path, headers: Release.auth(reader)).status == 403, "\(path)")
            }
        }
    }
}
