import Foundation
import TestSupport
import Logging
import SkinStore
import Testing

/// Schedules (docs/api.md, "Rollouts, schedules and rollback"). Two processes sharing one database are in `LiveryCLITests`.
@Suite struct ScheduleEndpointTests {
    /// An RFC 3339 time `seconds` from now.
    static func time(inSeconds seconds: Double) -> String {
        Timestamp.format(millisecondsSince1970: Timestamp.nowMilliseconds() + Int64(seconds * 1000))
    }

    @Test func aScheduleIsCarriedOutWithinASecondOfItsTimeAndCanBeCancelled() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("summer", Release.skin(tint: "#ffaa00"), token: designer).status == 201)
            let at = Self.time(inSeconds: 6)  // leaves room for a loaded machine to answer the POST before it (a past time is refused)
            let created = try await Release.post(
                server, "schedules", #"{"at": "\#(at)", "skin": "summer", "version": 1, "rollout": {"skin": "demo", "percent": 25}}"#,
                token: designer)
            #expect(created.status == 201)
            let id = try #require(created.json["id"] as? Int)
            #expect(created.header("Location") == "/v1/channels/default/schedules/\(id)")
            let later = try await Release.post(
                server, "schedules", #"{"at": "\#(Self.time(inSeconds: 3600))", "skin": "demo"}"#, token: designer)
            let laterID = try #require(later.json["id"] as? Int)

            try await waitUntil("the schedule is carried out", timeout: .seconds(30)) {
                try await server.get("/v1/channels/default/skin").json["skin"] as? String == "summer"
            }
            let list = try await server.request("GET", "/v1/channels/default/schedules", headers: Release.auth(designer))
            let schedules = list.json["schedules"] as? [[String: Any]] ?? []
            let done = try #require(schedules.first { $0["id"] as? Int == id })
            #expect(done["state"] as? String == "done")
            let carriedOut = try #require(Timestamp.milliseconds(fromRFC3339: done["carriedOutAt"] as? String ?? ""))
            let due = try #require(Timestamp.milliseconds(fromRFC3339: at))
            #expect(carriedOut >= due, "never before its time")
            // "Within a second" is a speed target (scripts/bench-rollout.sh reports it), not
            // asserted here (a loaded CI machine may be late); `late` must tell the truth either way.
            #expect(done["late"] as? Bool == (carriedOut - due > 1000))
            let entry = try #require(try await Release.history(server, token: designer).last)
            #expect(entry["schedule"] as? Int == id && entry["action"] as? String == "rollout")
            #expect(try await server.get("/v1/channels/default/skin?bucket=3").json["skin"] as? String == "demo", "the scheduled rollout runs")

            let cancelled = try await server.request("DELETE", "/v1/channels/default/schedules/\(laterID)", headers: Release.auth(designer))
            #expect(cancelled.json["state"] as? String == "cancelled")
            #expect(try await server.request("DELETE", "/v1/channels/default/schedules/\(laterID)", headers: Release.auth(designer)).status == 409)
            #expect(try await server.request("DELETE", "/v1/channels/other/schedules/\(id)", headers: Release.auth(designer)).status == 404)

            for bad in [#"{"at": "2020-01-01T00:00:00Z", "skin": "demo"}"#, #"{"at": "tomorrow", "skin": "demo"}"#, #"{"skin": "demo"}"#,
                        #"{"at": "\#(Self.time(inSeconds: 60))", "skin": "demo", "percent": 3}"#] {
                #expect(try await Release.post(server, "schedules", bad, token: designer).status == 400, "\(bad)")
            }
            #expect(try await Release.post(server, "schedules", #"{"at": "\#(Self.time(inSeconds: 60))", "skin": "nope"}"#, token: designer).status == 404)
        }
    }

    @Test func aScheduleMissedWhileNoServerRanIsCarriedOutAtStartAndMarkedLate() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SkinStore(path: folder.appendingPathComponent("livery.sqlite").path, logger: Logger(label: "test"))
        _ = try await store.publish(skin: "spring", document: Array(Release.skin(tint: "#00aa00").utf8), author: "test")
        _ = try await store.publish(skin: "summer", document: Array(Release.skin(tint: "#ffaa00").utf8), author: "test")
        try await store.activate(channel: "default", skin: "spring", version: nil, actor: "test")
        let missed = try await store.schedule(
            "default", at: Self.time(inSeconds: -30), to: ChannelState(skin: "summer", version: 1), actor: "planner")
        await store.close()

        try await TestServer.run(seedDemo: false, databaseIn: folder) { server in
            // Carried out before the server answered anything.
            #expect(try await server.get("/v1/channels/default/skin").json["skin"] as? String == "summer")
            let schedule = try #require(try await server.store.schedules(of: "default").first { $0.id == missed.id })
            #expect(schedule.state == .done && schedule.late)
            let audit = try await server.store.auditLog()
            #expect(audit.last { $0.action == "channel.activate" }?.detail.contains(#""late":true"#) == true)
        }
    }
}
