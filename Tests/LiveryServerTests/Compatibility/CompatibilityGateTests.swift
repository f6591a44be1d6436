import Foundation
import TestSupport
import SkinStore
import Testing

/// The compatibility gate (docs/apps.md): a look that lacks what a live build reads does not go
/// live (activate, rollout, schedule, promote) unless an admin forces it, and validate, publish
/// and preview say so first. The same gate as contrast (`RollbackAndContrastTests`).
@Suite struct CompatibilityGateTests {
    static func time(inSeconds seconds: Double) -> String {
        Timestamp.format(millisecondsSince1970: Timestamp.nowMilliseconds() + Int64(seconds * 1000))
    }

    @Test(arguments: GateBackend.available)
    func aBreakingVersionIsWarnedAboutThenRefusedNamingBuildAndPath(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Compat.skin(), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)
            #expect(try await Compat.push(server, "ios/3.2.1", token: designer).status == 201)
            try await Compat.launch(server, "ios/3.2.1")

            let breaking = Compat.skin(tint: "accent", rule: false)
            let validated = try await server.request("POST", "/v1/skins/app/validate", headers: Release.auth(designer), body: Array(breaking.utf8))
            #expect(validated.json["valid"] as? Bool == true, "a breaking look is still a valid document")
            let warned = Compat.warnings(validated).filter { $0["code"] as? String == "incompatible" }
            #expect(warned.compactMap { $0["path"] as? String } == ["color.tint", "$livery.styles.checkout/header/title"])
            #expect(warned.allSatisfy { $0["build"] as? String == "ios/3.2.1" })
            let preview = try await server.request("POST", "/v1/skins/app/preview", headers: Release.auth(designer), body: Array(breaking.utf8))
            #expect(preview.status == 200)
            #expect(Int(preview.header("Livery-Warnings") ?? "") ?? 0 >= 2)

            let published = try await server.publish("app", breaking, token: designer)
            #expect(published.status == 201)
            #expect(Compat.warnings(published).filter { $0["code"] as? String == "incompatible" }.count == 2)
            // The answer and the diff name the live builds each breaking change breaks.
            let answered = published.json["breaking"] as? [[String: Any]] ?? []
            let tintBuilds = answered.first { $0["path"] as? String == "color.tint" }?["builds"] as? [String]
            #expect(tintBuilds == ["ios/3.2.1"])
            let diff = try await server.request("GET", "/v1/skins/app/diff?from=1&to=2", headers: Release.auth(designer)).json
            let diffBreaking = diff["breaking"] as? [[String: Any]] ?? []
            let diffTintBuilds = diffBreaking.first { $0["path"] as? String == "color.tint" }?["builds"] as? [String]
            #expect(diffTintBuilds == ["ios/3.2.1"])
            #expect(diffBreaking.first { $0["path"] as? String == "color.accent" } == nil, "an added token breaks no one")

            let refused = try await Release.put(server, #"{"skin": "app", "version": 2}"#, token: designer)
            #expect(refused.status == 409)
            let errors = Compat.errors(refused)
            #expect(errors.compactMap { $0["path"] as? String } == ["color.tint", "$livery.styles.checkout/header/title"])
            #expect(errors.allSatisfy { $0["code"] as? String == "incompatible" && $0["build"] as? String == "ios/3.2.1" })
            #expect((errors.first?["message"] as? String ?? "").hasPrefix("app@2: ios/3.2.1 reads color.tint as color"))
            #expect((refused.json["detail"] as? String ?? "").contains("ios/3.2.1"))
            #expect(try await server.get("/v1/channels/default/skin").json["version"] as? Int == 1, "nothing changed")

            let rollout = #"{"skin": "app", "version": 1, "rollout": {"skin": "app", "version": 2, "percent": 10}}"#
            #expect(try await Release.put(server, rollout, token: designer).status == 409, "a rollout is gated too")
            let schedule = #"{"at": "\#(Self.time(inSeconds: 3600))", "skin": "app", "version": 2}"#
            #expect(try await Release.post(server, "schedules", schedule, token: designer).status == 409, "and a schedule")
            // A version that keeps what the build reads goes live.
            #expect(try await server.publish("app", Compat.skin(hex: "#ff0000"), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 3}"#, token: designer).status == 200)
        }
    }

    @Test(arguments: GateBackend.available)
    func aBuildsEntryPinsAnOldBuildPastTheGateAndIsGatedItself(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Compat.skin(), token: designer).status == 201)
            #expect(try await server.publish("app", Compat.skin(tint: "accent", rule: false), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)
            #expect(try await Compat.push(server, "ios/3.2.1", token: designer).status == 201)
            try await Compat.launch(server, "ios/3.2.1")

            // Pinning the old build onto a look it cannot read is the same break: refused, naming it.
            let badPin = #"{"skin": "app", "version": 1, "builds": [{"platform": "ios", "versions": "<4.0.0", "skin": "app", "version": 2}]}"#
            let refused = try await Release.put(server, badPin, token: designer)
            #expect(refused.status == 409)
            #expect(Compat.errors(refused).allSatisfy { $0["code"] as? String == "incompatible" && $0["build"] as? String == "ios/3.2.1" })
            #expect(!Compat.errors(refused).isEmpty)

            // Pinned to the version it reads, in the same change, the build no longer holds the channel back.
            let pinned = #"{"skin": "app", "version": 2, "builds": [{"platform": "ios", "versions": "<4.0.0", "skin": "app", "version": 1}]}"#
            #expect(try await Release.put(server, pinned, token: designer).status == 200)
            #expect(try await server.get("/v1/channels/default/skin?client=ios/3.2.1").json["version"] as? Int == 1)
            #expect(try await server.get("/v1/channels/default/skin").json["version"] as? Int == 2)
        }
    }

    @Test(arguments: GateBackend.available)
    func onlyAnAdminForcesPastTheGateAndTheForceIsAudited(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer, name: "dana")
            let admin = try await server.token(.admin, name: "ada")
            #expect(try await server.publish("app", Compat.skin(), token: designer).status == 201)
            #expect(try await server.publish("app", Compat.skin(tint: "accent"), token: designer).status == 201)
            #expect(try await Compat.push(server, "android/7.1.0", token: designer).status == 201)
            try await Compat.launch(server, "android/7.1.0")
            let body = #"{"skin": "app", "version": 2, "force": true}"#
            #expect(try await Release.put(server, body, token: designer).status == 403)
            let forced = try await Release.put(server, body, token: admin)
            #expect(forced.status == 200)
            #expect((forced.json["history"] as? [[String: Any]])?.last?["forced"] as? Bool == true)
            let audit = try await server.request("GET", "/v1/audit", headers: Release.auth(admin)).json["entries"] as? [[String: Any]] ?? []
            let entry = try #require(audit.last { $0["action"] as? String == "channel.activate" })
            #expect(entry["actor"] as? String == "ada")
            #expect((entry["detail"] as? [String: Any])?["forced"] as? Bool == true)
        }
    }

    @Test(arguments: GateBackend.available)
    func promotingARolloutThatBecameIncompatibleIsRefusedUnlessForced(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            let admin = try await server.token(.admin)
            #expect(try await server.publish("app", Compat.skin(), token: designer).status == 201)
            #expect(try await server.publish("app", Compat.skin(tint: "accent"), token: designer).status == 201)
            let rollout = #"{"skin": "app", "version": 1, "rollout": {"skin": "app", "version": 2, "percent": 10}}"#
            #expect(try await Release.put(server, rollout, token: designer).status == 200, "no build reads color.tint yet")
            #expect(try await Compat.push(server, "ios/3.2.1", token: designer).status == 201)
            try await Compat.launch(server, "ios/3.2.1")

            let refused = try await Release.post(server, "promote", token: designer)
            #expect(refused.status == 409)
            #expect(Compat.errors(refused).first?["path"] as? String == "color.tint")
            #expect(try await Release.post(server, "promote", #"{"force": true}"#, token: designer).status == 403)
            let forced = try await Release.post(server, "promote", #"{"force": true}"#, token: admin)
            #expect(forced.status == 200)
            let last = (forced.json["history"] as? [[String: Any]])?.last
            #expect(last?["action"] as? String == "promote" && last?["forced"] as? Bool == true)
            #expect(try await Release.post(server, "abort", "nonsense", token: designer).status == 400)
        }
    }

    @Test(arguments: GateBackend.available)
    func aScheduleWhoseLookBecameIncompatibleIsBlockedWhenItsTimeComes(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            let admin = try await server.token(.admin)
            #expect(try await server.publish("app", Compat.skin(), token: designer).status == 201)
            #expect(try await server.publish("app", Compat.skin(tint: "accent"), token: designer).status == 201)
            let at = Self.time(inSeconds: 5)
            let created = try await Release.post(server, "schedules", #"{"at": "\#(at)", "skin": "app", "version": 2}"#, token: designer)
            #expect(created.status == 201, "no build reads color.tint when it is created")
            let id = try #require(created.json["id"] as? Int)
            #expect(try await Compat.push(server, "ios/3.2.1", token: designer).status == 201)
            try await Compat.launch(server, "ios/3.2.1")

            var schedule: [String: Any] = [:]
            try await waitUntil("the schedule is blocked", timeout: .seconds(30)) {
                let list = try await server.request("GET", "/v1/channels/default/schedules", headers: Release.auth(designer))
                schedule = (list.json["schedules"] as? [[String: Any]] ?? []).first { $0["id"] as? Int == id } ?? [:]
                return schedule["state"] as? String != "pending"
            }
            #expect(schedule["state"] as? String == "blocked")
            #expect((schedule["outcome"] as? String ?? "").contains("color.tint"))
            #expect(try await server.get("/v1/channels/default/skin").json["skin"] as? String == "demo", "not activated")
            let audit = try await server.request("GET", "/v1/audit", headers: Release.auth(admin)).json["entries"] as? [[String: Any]] ?? []
            #expect(audit.contains { $0["action"] as? String == "schedule.block" })
        }
    }
}
