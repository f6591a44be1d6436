import Foundation
import Testing
@testable import LiveryServer

/// Rollouts by bucket (docs/api.md, "Rollouts, schedules and rollback", the `bucket` query of §3.1).
@Suite struct RolloutEndpointTests {
    /// Starts `autumn@1` as a 10 % rollout beside the demo skin of `default`.
    private func startRollout(_ server: TestServer, designer: String, percent: Int = 10) async throws {
        #expect(try await server.publish("autumn", Release.skin(tint: "#aa5500"), token: designer).status == 201)
        let started = try await Release.put(
            server, #"{"skin": "demo", "version": null, "rollout": {"skin": "autumn", "version": 1, "percent": \#(percent)}}"#, token: designer)
        #expect(started.status == 200)
        #expect((started.json["rollout"] as? [String: Any])?["percent"] as? Int == percent)
    }

    @Test func aTenPercentRolloutReachesExactlyBucketsZeroToNine() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            try await startRollout(server, designer: designer)
            var tags: Set<String> = []
            for bucket in 0..<100 {
                let answer = try await server.get("/v1/channels/default/skin?bucket=\(bucket)")
                #expect(answer.status == 200)
                #expect(answer.json["skin"] as? String == (bucket < 10 ? "autumn" : "demo"), "bucket \(bucket)")
                tags.insert(answer.header("ETag") ?? "")
            }
            #expect(tags.count == 2, "a channel shows two documents at any time")
            #expect(try await server.get("/v1/channels/default/skin").json["skin"] as? String == "demo", "no bucket: the active target")
            for bad in ["100", "-1", "abc", "1.5", "+3", ""] {
                let answer = try await server.get("/v1/channels/default/skin?bucket=\(bad)")
                #expect(answer.status == 400, "bucket=\(bad)")
                #expect(answer.text.contains("bucket"))
            }
            // Skin routes show one document to every bucket, but still check the parameter.
            #expect(try await server.get("/v1/skins/autumn/resolved?bucket=5").status == 200)
            #expect(try await server.get("/v1/skins/autumn/resolved?bucket=500").status == 400)
        }
    }

    @Test func raisingTenToThirtyPercentWakesOnlyBucketsTenToTwentyNine() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            try await startRollout(server, designer: designer)
            var tags: [Int: String] = [:]
            for bucket in 0..<100 {
                tags[bucket] = try await server.get("/v1/channels/default/skin?bucket=\(bucket)").header("ETag")
            }
            let answers = try await withThrowingTaskGroup(of: (Int, TestResponse).self) { group in
                for bucket in 0..<100 {
                    let tag = tags[bucket] ?? ""
                    group.addTask {
                        (bucket, try await server.request(
                            "GET", "/v1/channels/default/skin?bucket=\(bucket)&wait=10", headers: [("If-None-Match", tag)]))
                    }
                }
                try await server.waitUntilHolding(100)
                let moved = try await Release.put(
                    server, #"{"skin": "demo", "rollout": {"skin": "autumn", "version": 1, "percent": 30}}"#, token: designer)
                #expect(moved.status == 200)
                try await server.waitUntilHolding(80)  // the 20 buckets that moved were answered
                var answers: [Int: TestResponse] = [:]
                for try await (bucket, answer) in group { answers[bucket] = answer }
                return answers
            }
            for bucket in 0..<100 {
                let answer = try #require(answers[bucket])
                if (10..<30).contains(bucket) {
                    #expect(answer.status == 200, "bucket \(bucket) moved to the rollout")
                    #expect(answer.json["skin"] as? String == "autumn")
                } else {
                    #expect(answer.status == 304, "bucket \(bucket) kept its document and was not woken")
                }
            }
        }
    }

    @Test func promoteAbortAndAPutWithoutRolloutAreHistoryEntries() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let admin = try await server.token(.admin)
            try await startRollout(server, designer: designer)
            #expect(try await Release.post(server, "abort", token: designer).header("ETag") == "\"a3\"")
            #expect(try await Release.post(server, "abort", token: designer).status == 409, "nothing left to abort")
            try await startRollout(server, designer: designer, percent: 50)
            let promoted = try await Release.post(server, "promote", token: designer)
            #expect(promoted.status == 200)
            #expect(promoted.json["skin"] as? String == "autumn" && promoted.json["rollout"] is NSNull)
            #expect(try await server.get("/v1/channels/default/skin?bucket=99").json["skin"] as? String == "autumn")
            try await startRollout(server, designer: designer, percent: 20)
            let ended = try await Release.put(server, #"{"skin": "autumn", "version": 1}"#, token: designer)
            #expect(ended.json["rollout"] is NSNull)
            let history = try await Release.history(server, token: designer)
            #expect(history.map { $0["action"] as? String } == ["activate", "rollout", "abort", "rollout", "promote", "rollout", "abort"])
            #expect(history.map { $0["n"] as? Int } == Array(1...7))
            let audit = try await server.request("GET", "/v1/audit", headers: Release.auth(admin)).json["entries"] as? [[String: Any]] ?? []
            let actions = audit.compactMap { $0["action"] as? String }.filter { $0.hasPrefix("channel.") }
            #expect(actions == ["channel.activate", "channel.rollout", "channel.abort", "channel.rollout", "channel.promote", "channel.rollout", "channel.abort"])
            for bad in [#"{"skin": "demo", "rollout": {"skin": "autumn", "percent": 101}}"#, #"{"skin": "demo", "rollout": {"skin": "autumn"}}"#,
                        #"{"skin": "demo", "rolout": {}}"#, #"{"skin": "demo", "rollout": {"skin": "autumn", "percent": 5, "x": 1}}"#] {
                #expect(try await Release.put(server, bad, token: designer).status == 400, "\(bad)")
            }
            let missing = try await Release.put(server, #"{"skin": "demo", "rollout": {"skin": "nope", "percent": 5}}"#, token: designer)
            #expect(missing.status == 404)
        }
    }

    /// A malformed body is the request's fault whatever its `If-Match` says: preconditions are
    /// evaluated on a well-formed request (RFC 9110 §13.2.1), so a stale tag does not hide it.
    @Test func aMalformedPromoteIsA400EvenWithAStaleIfMatch() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            for action in ["promote", "abort"] {
                let answer = try await server.request(
                    "POST", "/v1/channels/default/\(action)", headers: Release.auth(designer) + [("If-Match", "W/\"1+#0,3\"")],
                    body: Array(#"{"force": {"x": 1}}"#.utf8))
                #expect(answer.status == 400, "\(action): \(answer.status)")
            }
        }
    }
}
