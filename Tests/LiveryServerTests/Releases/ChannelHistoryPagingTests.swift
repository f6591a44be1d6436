import Foundation
import Testing

/// A channel's answers carry a bounded page of its history (docs/api.md, "Rollouts, schedules
/// and rollback"): the latest 50 entries, older ones by `historyBefore`, each entry's `builds`
/// cut to 5 with `buildsCount`, the whole entry at `/history/{n}`; rollback reaches any entry.
@Suite struct ChannelHistoryPagingTests {
    /// A channel state pinning `count` builds entries (each its own minor version).
    static func state(version: Int?, builds count: Int) -> String {
        let entries = (0..<count).map { #"{"platform": "ios", "versions": ">=1.\#($0).0 <1.\#($0 + 1).0", "skin": "demo", "version": 1}"# }
        return #"{"skin": "demo", "version": \#(version.map(String.init) ?? "null"), "builds": [\#(entries.joined(separator: ","))]}"#
    }

    static func numbers(_ channel: [String: Any]) -> [Int] {
        (channel["history"] as? [[String: Any]] ?? []).compactMap { $0["n"] as? Int }
    }

    @Test(arguments: GateBackend.available)
    func historyIsPagedAndItsBuildsListsBounded(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            // Entry 1 is the demo's activation; 60 more, the first with no builds entries.
            #expect(try await Release.put(server, Self.state(version: 1, builds: 0), token: designer).status == 200)
            var last = TestResponse(status: 0, headers: [], body: [])
            for index in 1..<60 {
                last = try await Release.put(server, Self.state(version: index % 2 == 0 ? 1 : nil, builds: 64), token: designer)
                #expect(last.status == 200)
            }
            // A change's own answer is bounded too.
            #expect(Self.numbers(last.json) == Array(12...61))

            let channel = try await server.request("GET", "/v1/channels/default", headers: Release.auth(designer))
            #expect(channel.json["historyCount"] as? Int == 61)
            #expect(Self.numbers(channel.json) == Array(12...61), "the latest 50, oldest first")
            let entries = channel.json["history"] as? [[String: Any]] ?? []
            #expect(entries.allSatisfy { ($0["builds"] as? [Any])?.count == 5 && $0["buildsCount"] as? Int == 64 })
            #expect(channel.body.count < 100_000, "\(channel.body.count) bytes")

            let older = try await server.request("GET", "/v1/channels/default?historyBefore=12", headers: Release.auth(designer))
            #expect(Self.numbers(older.json) == Array(1...11))
            #expect(older.json["historyCount"] as? Int == 61)
            let first = (older.json["history"] as? [[String: Any]])?.prefix(2).map { $0["buildsCount"] as? Int }
            #expect(first == [0, 0])
            #expect(try await server.request("GET", "/v1/channels/default?historyBefore=soon", headers: Release.auth(designer)).status == 400)

            let list = try await server.request("GET", "/v1/channels", headers: Release.auth(designer))
            let listed = try #require((list.json["channels"] as? [[String: Any]])?.first { $0["name"] as? String == "default" })
            #expect(Self.numbers(listed) == Array(12...61))

            // One entry whole.
            let whole = try await server.request("GET", "/v1/channels/default/history/30", headers: Release.auth(designer))
            #expect(whole.status == 200)
            #expect(whole.json["n"] as? Int == 30 && (whole.json["builds"] as? [Any])?.count == 64)
            #expect(try await server.request("GET", "/v1/channels/default/history/62", headers: Release.auth(designer)).status == 404)
            #expect(try await server.request("GET", "/v1/channels/default/history/0", headers: Release.auth(designer)).status == 400, "history entries are numbered from 1")

            // Rollback reaches an entry outside the latest page: entry 2 had no builds entries.
            let rolledBack = try await Release.post(server, "rollback", #"{"to": 2}"#, token: designer)
            #expect(rolledBack.status == 200)
            #expect((rolledBack.json["builds"] as? [Any])?.count == 0 && rolledBack.json["version"] as? Int == 1)
            #expect(rolledBack.json["historyCount"] as? Int == 62)
            #expect((rolledBack.json["history"] as? [[String: Any]])?.last?["action"] as? String == "rollback")
            // And the default rollback, to the entry before the current one (61: 64 entries, following the latest).
            let back = try await Release.post(server, "rollback", token: designer)
            #expect(back.status == 200 && (back.json["builds"] as? [Any])?.count == 64)
        }
    }
}
