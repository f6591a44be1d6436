import Foundation
import Testing
@testable import LiveryServer

/// `client=PLATFORM/VERSION` on the client routes, per-build targets and the 100 % rollout
/// rule, end to end (docs/apps.md, "Old builds in the field").
@Suite struct ClientIdentityEndpointTests {
    /// `main` (tint 1) on `default`, `summer` v1 and v2 published.
    private func prepare(_ server: TestServer, designer: String) async throws {
        #expect(try await server.publish("main", Release.skin(tint: "#111111"), token: designer).status == 201)
        #expect(try await server.publish("summer", Release.skin(tint: "#222222"), token: designer).status == 201)
        #expect(try await server.publish("summer", Release.skin(tint: "#333333"), token: designer).status == 201)
        #expect(try await Release.put(server, #"{"skin": "main", "version": 1}"#, token: designer).status == 200)
    }

    private func tint(_ answer: TestResponse) -> String? {
        ((answer.json["tokens"] as? [String: Any])?["color.tint"] as? [String: Any])?["value"] as? String
    }

    @Test(arguments: GateBackend.available) func aMalformedClientIsA400NamingTheParameterOnEveryRoute(backend: GateBackend) async throws {
        try await backend.run { server in
            let routes = [
                "/v1/channels/default/skin", "/v1/channels/default/skin?wait=5&", "/v1/skins/demo/resolved",
                "/v1/skins/demo/versions/1/resolved", "/v1/skins/demo/styles/resolve?id=a/b&",
                "/v1/skins/demo/images/resolve?id=logo&", "/v1/skins/demo/interpolate?to=dark&t=0.5&",
            ]
            for route in routes {
                for bad in ["ios", "iOS/3.2.1", "ios/3.2", "ios/3.2.1.4", "tv/1.0.0", "ios/03.2.1", ""] {
                    let separator = route.hasSuffix("&") ? "" : "?"
                    let answer = try await server.get("\(route)\(separator)client=\(bad)")
                    #expect(answer.status == 400, "\(route) client=\(bad)")
                    #expect(answer.text.contains("invalid-client") && answer.text.contains("client must be PLATFORM/VERSION"), "\(route)")
                }
                let separator = route.hasSuffix("&") ? "" : "?"
                // Escaped or not, `+` kept as semver's: the build is read from the bytes or decoded alike.
                for good in ["ios/3.2.1-beta.1%2B7", "ios/3.2.1-beta.1+7", "ios%2F3.2.1", "ios/3.2.1"] {
                    #expect(try await server.get("\(route)\(separator)client=\(good)").status != 400, "\(route) accepts client=\(good)")
                }
                #expect(try await server.get("\(route)\(separator)%63lient=ios%2F3.2").status == 400, "\(route) reads an escaped name")
            }
        }
    }

    @Test(arguments: GateBackend.available) func perBuildTargetsMatchRangesFirstMatchWinsAndKeepTheirOwnETags(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            try await prepare(server, designer: designer)
            let put = try await Release.put(server, #"""
                {"skin": "main", "version": 1, "builds": [
                  {"platform": "ios", "versions": ">=3.0.0 <3.2.0", "skin": "summer", "version": 1},
                  {"platform": "ios", "versions": "<3.2.0", "skin": "summer", "version": 2},
                  {"platform": "android", "versions": "=1.0.0", "skin": "summer", "version": null}]}
                """#, token: designer)
            #expect(put.status == 200)
            #expect(put.header("ETag") == "\"a3\"", "seeded demo, main, then the builds")
            #expect((put.json["builds"] as? [[String: Any]])?.count == 3)

            let expected: [(String, String)] = [
                ("ios/3.0.0", "#222222ff"), ("ios/3.1.9-beta", "#222222ff"), ("ios/2.9.9", "#333333ff"), ("ios/3.2.0", "#111111ff"),
                ("android/1.0.0", "#333333ff"), ("android/1.0.1", "#111111ff"), ("web/3.1.0", "#111111ff"),
            ]
            var tags: [String: String] = [:]
            for (client, color) in expected {
                let answer = try await server.get("/v1/channels/default/skin?client=\(client)")
                #expect(answer.status == 200)
                #expect(tint(answer) == color, "\(client)")
                tags[client] = answer.header("ETag")
            }
            let plain = try await server.get("/v1/channels/default/skin")
            #expect(tint(plain) == "#111111ff")
            #expect(tags["ios/3.0.0"] != plain.header("ETag") && tags["ios/2.9.9"] != tags["ios/3.0.0"], "own documents and ETags")
            #expect(tags["ios/3.2.0"] == plain.header("ETag"), "an unmatched build shares the channel's document")
            // A rollout applies only to unmatched builds.
            #expect(try await Release.put(
                server, #"{"skin": "main", "version": 1, "rollout": {"skin": "summer", "version": 2, "percent": 100}}"#, token: designer).status == 200)
            #expect(tint(try await server.get("/v1/channels/default/skin?client=ios/3.0.0&bucket=3")) == "#222222ff", "builds are kept")
            #expect(tint(try await server.get("/v1/channels/default/skin?client=ios/4.0.0&bucket=3")) == "#333333ff")

            let channel = try await server.request("GET", "/v1/channels/default", headers: Release.auth(designer))
            let history = try #require(channel.json["history"] as? [[String: Any]])
            #expect(history.map { ($0["builds"] as? [Any])?.count ?? -1 } == [0, 0, 3, 3])
            #expect((channel.json["builds"] as? [[String: Any]])?.first?["versions"] as? String == ">=3.0.0 <3.2.0")

            let removed = try await Release.put(server, #"{"skin": "main", "version": 1, "builds": []}"#, token: designer)
            #expect((removed.json["builds"] as? [Any])?.isEmpty == true)
            #expect(tint(try await server.get("/v1/channels/default/skin?client=ios/3.0.0")) == "#111111ff")

            for (body, status) in [
                (#"{"skin": "main", "builds": [{"platform": "ios", "versions": "<3.2", "skin": "summer", "version": 1}]}"#, 400),
                (#"{"skin": "main", "builds": [{"platform": "tv", "versions": "<3.2.0", "skin": "summer", "version": 1}]}"#, 400),
                (#"{"skin": "main", "builds": [{"platform": "ios", "versions": "<3.2.0", "skin": "summer", "version": 1, "x": 1}]}"#, 400),
                (#"{"skin": "main", "builds": {"platform": "ios"}}"#, 400),
                (#"{"skin": "main", "builds": [{"platform": "ios", "versions": "<3.2.0", "skin": "summer", "version": 9}]}"#, 422),
                (#"{"skin": "main", "builds": [{"platform": "ios", "versions": "<3.2.0", "skin": "nope", "version": null}]}"#, 422),
            ] {
                let answer = try await Release.put(server, body, token: designer)
                #expect(answer.status == status, "\(body)")
                #expect(answer.text.contains("builds"), "\(body)")
            }
        }
    }

    @Test(arguments: GateBackend.available) func aLongPollOfOneBuildIsNotWokenByAChangeToAnotherBuildsTarget(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            try await prepare(server, designer: designer)
            func builds(androidVersion: Int) -> String {
                #"{"skin": "main", "version": 1, "builds": [{"platform": "ios", "versions": "<3.0.0", "skin": "summer", "version": 1}, "#
                    + #"{"platform": "android", "versions": ">=1.0.0", "skin": "summer", "version": \#(androidVersion)}]}"#
            }
            #expect(try await Release.put(server, builds(androidVersion: 1), token: designer).status == 200)
            let clients = ["ios/2.0.0", "android/1.5.0", "ios/3.5.0"]
            var tags: [String: String] = [:]
            for client in clients {
                tags[client] = try await server.get("/v1/channels/default/skin?client=\(client)").header("ETag")
            }
            let answers = try await withThrowingTaskGroup(of: (String, TestResponse).self) { group in
                for client in clients {
                    let tag = tags[client] ?? ""
                    group.addTask {
                        (client, try await server.request(
                            // Held long enough to outlast the gated PUT below on a loaded machine (it was 3 s, which a
                            // PostgreSQL run under load overran: every poll then timed out before the change).
                            "GET", "/v1/channels/default/skin?client=\(client)&wait=8", headers: [("If-None-Match", tag)]))
                    }
                }
                try await server.waitUntilHolding(3)
                #expect(try await Release.put(server, builds(androidVersion: 2), token: designer).status == 200)
                try await server.waitUntilHolding(2)  // only android's was answered
                var answers: [String: TestResponse] = [:]
                for try await (client, answer) in group { answers[client] = answer }
                return answers
            }
            #expect(answers["android/1.5.0"]?.status == 200)
            #expect(answers["android/1.5.0"].map(tint) == "#333333ff")
            #expect(answers["ios/2.0.0"]?.status == 304, "build A's document did not change")
            #expect(answers["ios/3.5.0"]?.status == 304)
        }
    }

    @Test(arguments: GateBackend.available) func aHundredPercentRolloutReachesRequestsWithoutABucket(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            try await prepare(server, designer: designer)
            let at99 = #"{"skin": "main", "version": 1, "rollout": {"skin": "summer", "version": 2, "percent": 99}}"#
            #expect(try await Release.put(server, at99, token: designer).status == 200)
            #expect(tint(try await server.get("/v1/channels/default/skin")) == "#111111ff", "below 100 %: the active target")
            let at100 = #"{"skin": "main", "version": 1, "rollout": {"skin": "summer", "version": 2, "percent": 100}}"#
            #expect(try await Release.put(server, at100, token: designer).status == 200)
            #expect(tint(try await server.get("/v1/channels/default/skin")) == "#333333ff", "at 100 %: everyone")
            #expect(tint(try await server.get("/v1/channels/default/skin?bucket=99")) == "#333333ff")
        }
    }
}
