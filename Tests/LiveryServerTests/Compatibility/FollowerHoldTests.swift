import Foundation
import Testing

/// A channel following a skin's latest version is gated too (docs/skins.md, the contrast gate):
/// a publish failing its contrast pairs does not reach it; it keeps serving what it served,
/// shows `heldBack`, and takes the next passing version or an admin's force.
@Suite struct FollowerHoldTests {
    /// The version a channel serves, read as a client reads it.
    static func served(_ server: TestServer) async throws -> Int? {
        try await server.get("/v1/channels/default/skin").json["version"] as? Int
    }

    @Test(arguments: GateBackend.available)
    func aFailingPublishIsHeldBackUntilAPassingOneOrAnAdminsForce(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            let admin = try await server.token(.admin, name: "ada")
            #expect(try await server.publish("gate", Release.contrastSkin(darkText: "#eeeeee"), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "gate", "version": null}"#, token: designer).status == 200)
            #expect(try await Self.served(server) == 1)

            // #333333 on #111111 in dark: about 1.4:1.
            let failing = try await server.publish("gate", Release.contrastSkin(darkText: "#333333"), token: designer)
            #expect(failing.status == 201)
            #expect(Compat.warnings(failing).contains { $0["code"] as? String == "contrast" })
            #expect(try await Self.served(server) == 1, "the failing version does not go live")
            let channel = try await server.request("GET", "/v1/channels/default", headers: Release.auth(designer)).json
            #expect(channel["version"] is NSNull, "the channel still follows the latest")
            let held = try #require(channel["heldBack"] as? [String: Any])
            #expect(held["skin"] as? String == "gate" && held["version"] as? Int == 2)
            #expect((held["reasons"] as? [String] ?? []).contains { $0.contains("variants dark") })

            #expect(try await server.publish("gate", Release.contrastSkin(darkText: "#dddddd"), token: designer).status == 201)
            #expect(try await Self.served(server) == 3, "a passing version goes live")
            let released = try await server.request("GET", "/v1/channels/default", headers: Release.auth(designer)).json
            #expect(released["heldBack"] is NSNull)

            #expect(try await server.publish("gate", Release.contrastSkin(darkText: "#222222"), token: designer).status == 201)
            #expect(try await Self.served(server) == 3)
            let follow = #"{"skin": "gate", "version": null, "force": true}"#
            #expect(try await Release.put(server, follow, token: designer).status == 403)
            // Following again without force keeps the hold: the channel already follows, held.
            let kept = try await Release.put(server, #"{"skin": "gate", "version": null}"#, token: designer)
            #expect(kept.status == 200)
            #expect((kept.json["heldBack"] as? [String: Any])?["version"] as? Int == 4)
            #expect(try await Self.served(server) == 3)
            let forced = try await Release.put(server, follow, token: admin)
            #expect(forced.status == 200)
            #expect(forced.json["heldBack"] is NSNull && forced.json["version"] is NSNull)
            #expect(try await Self.served(server) == 4, "forced through, and it keeps following")
            #expect(try await server.publish("gate", Release.contrastSkin(darkText: "#222223"), token: designer).status == 201)
            #expect(try await Self.served(server) == 4, "the next failing publish is held again")
        }
    }

    /// docs/apps.md, "What a live build is served, on every path": a `PUT` that makes a channel
    /// follow a latest version that breaks a live build is accepted, and that build keeps the
    /// newest earlier version it can read — here version 2, newer than the version 1 it was
    /// served before the change.
    @Test(arguments: GateBackend.available)
    func followingABreakingLatestKeepsTheBuildOnTheNewestVersionItCanRead(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Compat.skin(), token: designer).status == 201)
            #expect(try await server.publish("app", Compat.skin(hex: "#00aa55"), token: designer).status == 201)
            #expect(try await server.publish("app", Compat.skin(tint: "accent", rule: false), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)
            #expect(try await Compat.push(server, "ios/3.2.1", token: designer).status == 201)
            try await Compat.launch(server, "ios/3.2.1")

            let follow = try await Release.put(server, #"{"skin": "app", "version": null}"#, token: designer)
            #expect(follow.status == 200, "accepted: the build is held, not the change refused")
            let holds = follow.json["holds"] as? [[String: Any]] ?? []
            #expect(holds.count == 1)
            #expect(holds.first?["audience"] as? String == "ios/3.2.1")
            #expect(holds.first?["serves"] as? String == "app@2", "the newest version it reads, not the app@1 it had")
            #expect((holds.first?["heldBack"] as? [String: Any])?["version"] as? Int == 3)
            #expect(try await server.get("/v1/channels/default/skin?client=ios/3.2.1").json["version"] as? Int == 2)
            #expect(try await server.get("/v1/channels/default/skin").json["version"] as? Int == 3)
        }
    }
}
