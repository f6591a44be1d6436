import Foundation
import Testing
@testable import LiveryServer
import SkinStore

/// `GET /v1/clients` and how per-build counts reach the store (docs/apps.md, "Old builds in the field").
@Suite struct ClientsListingEndpointTests {
    @Test(arguments: GateBackend.available) func buildsAreListedFromTheirFirstRequestWithoutAnyStoreWrite(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            let reader = try await server.token(.reader)
            #expect(try await server.publish("summer", Release.skin(tint: "#222222"), token: designer).status == 201)
            #expect(try await Release.put(server, #"""
                {"skin": "demo", "version": null, "builds": [{"platform": "ios", "versions": "<3.0.0", "skin": "summer", "version": 1}]}
                """#, token: designer).status == 200)
            // The background writer's first write is due a moment after the first count; stopped
            // here, whatever is in the store afterwards could only have come from the requests.
            server.app.routes.fleet.recorder.stopLoop()
            for _ in 0..<5 { _ = try await server.get("/v1/channels/default/skin?client=ios/2.1.0") }
            for _ in 0..<3 { _ = try await server.get("/v1/channels/default/skin?client=android/7.0.0-beta&variant=dark") }
            _ = try await server.get("/v1/skins/summer/resolved?client=ios/2.1.0%2B99")
            _ = try await server.get("/v1/channels/default/skin")  // no client: not counted

            #expect(server.app.routes.fleet.recorder.writes == 0, "a launch never waits on a write")
            #expect(try await server.store.clientBuilds(dayHour: "0000-00-00T00", liveHour: "0000-00-00T00").isEmpty)

            #expect(try await server.request("GET", "/v1/clients", headers: Release.auth(reader)).status == 403)
            let listing = try await server.request("GET", "/v1/clients", headers: Release.auth(designer))
            #expect(listing.status == 200)
            let clients = try #require(listing.json["clients"] as? [[String: Any]])
            #expect(clients.map { "\($0["platform"]!)/\($0["version"]!)" } == ["android/7.0.0", "ios/2.1.0"])
            let ios = clients[1]
            #expect(ios["requests24h"] as? Int == 6 && ios["requests30d"] as? Int == 6)
            #expect(ios["contract"] as? Bool == false)
            let firstSeen = try #require(ios["firstSeen"] as? String), lastSeen = try #require(ios["lastSeen"] as? String)
            #expect(firstSeen.hasSuffix("Z") && firstSeen.count == 24 && firstSeen <= lastSeen)
            let channels = try #require(ios["channels"] as? [String: [String: Any]])
            #expect(Array(channels.keys) == ["default"], "the skin routes name no channel")
            #expect(channels["default"]?["skin"] as? String == "summer" && channels["default"]?["version"] as? Int == 1)
            #expect(channels["default"]?["pinned"] as? Bool == true, "held by a builds entry")
            let android = try #require((clients[0]["channels"] as? [String: [String: Any]])?["default"])
            #expect(android["skin"] as? String == "demo" && android["version"] as? Int == 1 && android["pinned"] as? Bool == false)
        }
    }

    @Test func countsAreWrittenAtShutdownAndListedOnceAfterwards() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-fleet-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestServer.run(databaseIn: folder) { server in
            for _ in 0..<4 { _ = try await server.get("/v1/channels/default/skin?client=web/1.0.0") }
        }
        try await TestServer.run(databaseIn: folder) { server in
            let designer = try await server.token(.designer)
            _ = try await server.get("/v1/channels/default/skin?client=web/1.0.0")
            let clients = try #require(try await server.request("GET", "/v1/clients", headers: Release.auth(designer)).json["clients"] as? [[String: Any]])
            #expect(clients.count == 1)
            #expect(clients.first?["requests24h"] as? Int == 5, "4 written at the first server's shutdown, 1 held in memory")
        }
    }
}
