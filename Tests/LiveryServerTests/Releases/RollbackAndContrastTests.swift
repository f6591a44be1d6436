import Foundation
import Testing

/// Rollback and the contrast gate (docs/api.md, "Rollouts, schedules and rollback").
@Suite struct RollbackAndContrastTests {
    @Test func rollbackReturnsToThePreviousEntryOrToAnEarlierOne() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("summer", Release.skin(tint: "#ffaa00"), token: designer).status == 201)
            #expect(try await server.publish("winter", Release.skin(tint: "#0055aa"), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "summer", "version": 1}"#, token: designer).status == 200)
            #expect(try await Release.put(server, #"{"skin": "winter", "version": 1}"#, token: designer).status == 200)

            let previous = try await Release.post(server, "rollback", token: designer)
            #expect(previous.status == 200)
            #expect(previous.header("ETag") == "\"a4\"")
            #expect(try await server.get("/v1/channels/default/skin").json["skin"] as? String == "summer")

            let earliest = try await Release.post(server, "rollback", #"{"to": 1}"#, token: designer)
            // Entry 1 followed demo's latest: the rollback restores the version it served then, pinned.
            #expect(earliest.json["skin"] as? String == "demo" && earliest.json["version"] as? Int == 1)
            #expect(try await server.get("/v1/channels/default/skin").json["skin"] as? String == "demo")
            let history = try await Release.history(server, token: designer)
            #expect(history.map { $0["action"] as? String } == ["activate", "activate", "activate", "rollback", "rollback"])
            #expect(history.map { $0["skin"] as? String } == ["demo", "summer", "winter", "summer", "demo"])

            #expect(try await Release.post(server, "rollback", #"{"to": 5}"#, token: designer).status == 409, "already there")
            #expect(try await Release.post(server, "rollback", #"{"to": 99}"#, token: designer).status == 404)
            #expect(try await Release.post(server, "rollback", #"{"to": "one"}"#, token: designer).status == 400)
            #expect(try await Release.post(server, "rollback", channel: "nowhere", token: designer).status == 404)
            #expect(try await Release.put(server, #"{"skin": "summer"}"#, channel: "fresh", token: designer).status == 200)
            #expect(try await Release.post(server, "rollback", channel: "fresh", token: designer).status == 409, "one entry: nothing to return to")
        }
    }

    @Test func aContrastFailureOnlyInDarkWarnsOnPublishAndBlocksActivation() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let failing = Release.contrastSkin(darkText: "#333333")
            let validated = try await server.request(
                "POST", "/v1/skins/night/validate", headers: Release.auth(designer), body: Array(failing.utf8))
            let warnings = validated.json["warnings"] as? [[String: Any]] ?? []
            let contrast = warnings.filter { $0["code"] as? String == "contrast" }
            #expect(validated.json["valid"] as? Bool == true)
            #expect(contrast.count == 1, "only the dark selection fails")
            #expect((contrast.first?["message"] as? String ?? "").contains("variants dark"))
            #expect(contrast.first?["path"] as? String == "$livery.contrast[0]")

            let published = try await server.publish("night", failing, token: designer)
            #expect(published.status == 201)
            #expect((published.json["warnings"] as? [[String: Any]] ?? []).contains { $0["code"] as? String == "contrast" })

            let refused = try await Release.put(server, #"{"skin": "night", "version": 1}"#, token: designer)
            #expect(refused.status == 409)
            let errors = refused.json["errors"] as? [[String: Any]] ?? []
            #expect(errors.count == 1 && errors.first?["code"] as? String == "contrast")
            #expect((errors.first?["message"] as? String ?? "").contains("night@1"))
            #expect(try await server.get("/v1/channels/default/skin").json["skin"] as? String == "demo", "nothing changed")
            let rollout = try await Release.put(
                server, #"{"skin": "demo", "rollout": {"skin": "night", "version": 1, "percent": 5}}"#, token: designer)
            #expect(rollout.status == 409, "a rollout is gated too")

            #expect(try await server.publish("night", Release.contrastSkin(darkText: "#eeeeee"), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "night", "version": 2}"#, token: designer).status == 200)
        }
    }

    @Test func forcingPastTheGateIsRefusedToADesignerAndAuditedForAnAdmin() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer, name: "dana")
            let admin = try await server.token(.admin, name: "ada")
            #expect(try await server.publish("night", Release.contrastSkin(darkText: "#333333"), token: designer).status == 201)
            let body = #"{"skin": "night", "version": 1, "force": true}"#
            #expect(try await Release.put(server, body, token: designer).status == 403)
            let forced = try await Release.put(server, body, token: admin)
            #expect(forced.status == 200)
            #expect((forced.json["history"] as? [[String: Any]])?.last?["forced"] as? Bool == true)
            let audit = try await server.request("GET", "/v1/audit", headers: Release.auth(admin)).json["entries"] as? [[String: Any]] ?? []
            let entry = try #require(audit.last { $0["action"] as? String == "channel.activate" })
            #expect(entry["actor"] as? String == "ada")
            #expect((entry["detail"] as? [String: Any])?["forced"] as? Bool == true)
            #expect(try await server.get("/v1/channels/default/skin").json["skin"] as? String == "night")
        }
    }
}
