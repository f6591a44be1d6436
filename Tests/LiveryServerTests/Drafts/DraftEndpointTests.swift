import Foundation
import Testing

/// Drafts on the server (docs/api.md, "Drafts"), end to end on each backend: saves with
/// revisions and `If-Match`, what a save reports, the resolved draft and its long-poll woken by a
/// save, publishing, deleting, and who may see a draft at all.
@Suite struct DraftEndpointTests {
    static func put(_ server: TestServer, _ id: String, skin: String? = "app", _ body: String, token: String, ifMatch: String? = nil) async throws -> TestResponse {
        var headers = Release.auth(token)
        if let ifMatch { headers.append(("If-Match", ifMatch)) }
        return try await server.request("PUT", "/v1/drafts/\(id)" + (skin.map { "?skin=\($0)" } ?? ""), headers: headers, body: Array(body.utf8))
    }

    @Test(arguments: GateBackend.available)
    func savesAreRevisionsGuardedByIfMatchAndKeptVerbatim(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            let first = Release.skin(tint: "#112233")
            let needsSkin = try await Self.put(server, "spring", skin: nil, first, token: designer)
            #expect(needsSkin.status == 422 && needsSkin.text.contains("draft-needs-skin"))

            let created = try await Self.put(server, "spring", first, token: designer)
            #expect(created.status == 201)
            #expect(created.header("ETag") == "\"d1\"")
            #expect(created.json["valid"] as? Bool == true)
            let draft = try #require(created.json["draft"] as? [String: Any])
            #expect(draft["skin"] as? String == "app" && draft["revision"] as? Int == 1 && draft["createdBy"] as? String != nil)

            let read = try await server.request("GET", "/v1/drafts/spring", headers: Release.auth(designer))
            #expect(read.status == 200 && read.text == first && read.header("ETag") == "\"d1\"")
            let unchanged = try await server.request("GET", "/v1/drafts/spring", headers: Release.auth(designer) + [("If-None-Match", "\"d1\"")])
            #expect(unchanged.status == 304)

            let second = Release.skin(tint: "#445566")
            #expect(try await Self.put(server, "spring", skin: nil, second, token: designer, ifMatch: "\"d1\"").status == 200)
            let stale = try await Self.put(server, "spring", Release.skin(tint: "#778899"), token: designer, ifMatch: "\"d1\"")
            #expect(stale.status == 412, "a writer who saw revision 1 does not overwrite revision 2")
            #expect(try await Self.put(server, "spring", skin: "other", second, token: designer).status == 409)
            let notJSON = try await Self.put(server, "spring", "{not json", token: designer)
            #expect(notJSON.status == 400)
            #expect(try await server.request("GET", "/v1/drafts/spring", headers: Release.auth(designer)).header("ETag") == "\"d2\"")

            // A draft that does not validate is kept, with what a publish of it would say.
            let broken = #"{"color": {"$type": "color", "tint": {"$value": "{color.missing}"}}}"#
            let saved = try await Self.put(server, "spring", broken, token: designer)
            #expect(saved.status == 200 && saved.json["valid"] as? Bool == false)
            #expect(!((saved.json["errors"] as? [[String: Any]]) ?? []).isEmpty)
            #expect(try await server.request("GET", "/v1/drafts/spring/resolved", headers: Release.auth(designer)).status == 422)

            let listed = try await server.request("GET", "/v1/drafts", headers: Release.auth(designer)).json["drafts"] as? [[String: Any]] ?? []
            #expect(listed.map { $0["id"] as? String } == ["spring"])
            #expect(listed.first?["revision"] as? Int == 3)
        }
    }

    @Test(arguments: GateBackend.available)
    func theResolvedDraftFollowsEverySaveAndPublishesAsTheNextVersion(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Release.skin(tint: "#000001"), token: designer).status == 201)
            #expect(try await Self.put(server, "summer", Release.skin(tint: "#0000aa"), token: designer).status == 201)
            let resolved = try await server.request("GET", "/v1/drafts/summer/resolved", headers: Release.auth(designer))
            #expect(resolved.status == 200)
            #expect((resolved.json["tokens"] as? [String: Any])?["color.tint"].map { "\($0)" }?.contains("#0000aa") == true)
            #expect(resolved.header("Livery-Version") == "app@2", "resolved as the next version of its skin")
            let tag = try #require(resolved.header("ETag"))

            // A long-poll on the draft is woken by its next save, with the new look.
            async let woken = server.request(
                "GET", "/v1/drafts/summer/resolved?wait=20", headers: Release.auth(designer) + [("If-None-Match", tag)])
            try await server.waitUntilHolding(1)
            let started = ContinuousClock.now
            #expect(try await Self.put(server, "summer", Release.skin(tint: "#0000bb"), token: designer).status == 200)
            let answer = try await woken
            #expect(answer.status == 200 && answer.text.contains("#0000bb"))
            #expect(ContinuousClock.now - started < .seconds(5))

            let stale = try await server.request("POST", "/v1/drafts/summer/publish", headers: Release.auth(designer) + [("If-Match", "\"d1\"")])
            #expect(stale.status == 412)
            let published = try await server.request("POST", "/v1/drafts/summer/publish", headers: Release.auth(designer) + [("If-Match", "\"d2\"")])
            #expect(published.status == 201)
            #expect(published.json["version"] as? Int == 2)
            #expect((published.json["draft"] as? [String: Any])?["revision"] as? Int == 2)
            let version = try await server.request("GET", "/v1/skins/app/versions/2", headers: Release.auth(designer))
            #expect(version.text == Release.skin(tint: "#0000bb"), "the version is the draft's body, byte for byte")
        }
    }

    @Test(arguments: GateBackend.available)
    func aDeletedDraftIsGoneAndItsIdGoesOnNumbering(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await Self.put(server, "autumn", Release.skin(tint: "#123456"), token: designer).status == 201)
            let delete = { (ifMatch: String?) in
                try await server.request("DELETE", "/v1/drafts/autumn", headers: Release.auth(designer) + (ifMatch.map { [("If-Match", $0)] } ?? []))
            }
            #expect(try await delete("\"d7\"").status == 412)
            #expect(try await delete("\"d1\"").status == 204)
            #expect(try await server.request("GET", "/v1/drafts/autumn", headers: Release.auth(designer)).status == 404)
            #expect(try await delete(nil).status == 404)
            // Made again, it is revision 2: a tag taken before the delete never matches it.
            #expect(try await Self.put(server, "autumn", Release.skin(tint: "#654321"), token: designer, ifMatch: "\"d1\"").status == 412)
            let again = try await Self.put(server, "autumn", Release.skin(tint: "#654321"), token: designer)
            #expect(again.status == 201 && again.header("ETag") == "\"d2\"")
        }
    }

    /// A draft is a designer's: readers and anonymous callers get nothing of it.
    @Test func onlyDesignersSeeDrafts() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let reader = try await server.token(.reader)
            #expect(try await Self.put(server, "winter", Release.skin(tint: "#101010"), token: designer).status == 201)
            for path in ["/v1/drafts", "/v1/drafts/winter", "/v1/drafts/winter/resolved"] {
                #expect(try await server.request("GET", path).status == 401, "\(path) anonymous")
                #expect(try await server.request("GET", path, headers: Release.auth(reader)).status == 403, "\(path) reader")
            }
            #expect(try await Self.put(server, "winter", Release.skin(tint: "#202020"), token: reader).status == 403)
            #expect(try await server.request("POST", "/v1/drafts/winter/publish", headers: Release.auth(reader)).status == 403)
            #expect(try await server.request("DELETE", "/v1/drafts/winter", headers: Release.auth(reader)).status == 403)
            // Nor does the public change feed carry a draft's saves.
            let feed = try await server.get("/v1/events").json["events"] as? [[String: Any]] ?? []
            #expect(!feed.contains { $0["kind"] as? String == "draft" })
        }
    }
}
