import Testing
@testable import SkinStore
import SkinModel

/// A channel's per-build targets and the per-build request counts in the store, on every
/// backend (docs/apps.md, "Old builds in the field").
@Suite("Fleet store")
struct FleetStoreTests {
    private static func builds(_ entries: [(ClientPlatform, String, String, Int?)]) -> [BuildTarget] {
        entries.map { BuildTarget(platform: $0.0, versions: BuildRange($0.1)!, skin: $0.2, version: $0.3) }
    }

    @Test(arguments: TestBackend.available) func buildsAreKeptReplacedRemovedAndRolledBack(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            _ = try await store.publish(skin: "main", document: document("111111"), author: "a")
            _ = try await store.publish(skin: "summer", document: document("222222"), author: "a")
            let entries = Self.builds([(.ios, "<3.2.0", "summer", 1), (.android, ">=2.0.0", "summer", nil)])
            try await store.activate(channel: "default", skin: "main", version: nil, actor: "a")
            let set = try await store.changeChannel("default", to: ChannelState(skin: "main", version: nil), builds: entries, actor: "a")
            #expect(set.builds == entries)
            #expect(set.activationCount == 2, "a builds change moves ETag a{n}")

            // A change that does not name builds keeps them: a PUT without builds, a rollout, promote.
            let kept = try await store.changeChannel(
                "default", to: ChannelState(skin: "main", version: 1, rollout: ChannelRollout(skin: "summer", version: 1, percent: 5)), actor: "a")
            #expect(kept.builds == entries)
            #expect(try await store.endRollout("default", promote: true, actor: "a").builds == entries)

            let removed = try await store.changeChannel("default", to: ChannelState(skin: "main", version: 1), builds: [], actor: "a")
            #expect(removed.builds.isEmpty)
            #expect(removed.history.map(\.builds.count) == [0, 2, 2, 2, 0], "each history entry keeps the builds it left")

            let (state, count) = try await store.rollbackState("default", to: 2)
            #expect(count == 5)
            let restored = try await store.changeChannel(
                "default", to: state, builds: state.builds, kind: .rollback, actor: "a", expectedActivationCount: count)
            #expect(restored.builds == entries, "a rollback restores the entry's builds")
            #expect(try await store.channel("default").builds == entries)

            // A skin a builds entry shows cannot be deleted.
            await #expect(throws: StoreError.self) { try await store.deleteSkin("summer", actor: "a") }
            let audit = try await store.auditLog(limit: 20).map(\.detail).joined()
            #expect(audit.contains("ios <3.2.0 → summer@1"))
        }
    }

    @Test(arguments: TestBackend.available) func aBuildsEntryMustNameAnExistingSkinAndVersion(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            _ = try await store.publish(skin: "main", document: document("111111"), author: "a")
            await #expect(throws: StoreError.notFound(.version(skin: "main", number: 9))) {
                try await store.changeChannel(
                    "default", to: ChannelState(skin: "main", version: nil), builds: Self.builds([(.ios, "<1.0.0", "main", 9)]), actor: "a")
            }
            await #expect(throws: StoreError.notFound(.skin("nope"))) {
                try await store.changeChannel(
                    "default", to: ChannelState(skin: "main", version: nil), builds: Self.builds([(.ios, "<1.0.0", "nope", nil)]), actor: "a")
            }
        }
    }

    @Test(arguments: TestBackend.available) func clientCountsAddUpPerBuildChannelAndHour(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let ios = try #require(ClientIdentity("ios/3.2.1"))
            let android = try #require(ClientIdentity("android/1.0.0"))
            func usage(_ client: ClientIdentity, _ channel: String, _ hour: String, _ requests: Int, _ first: String, _ last: String) -> ClientUsage {
                ClientUsage(client: client, channel: channel, hour: hour, requests: requests, firstSeen: first, lastSeen: last)
            }
            try await store.recordClients([
                usage(ios, "default", "2026-11-01T10", 5, "2026-11-01T10:00:00.000Z", "2026-11-01T10:30:00.000Z"),
                usage(ios, "default", "2026-11-28T10", 2, "2026-11-28T10:00:00.000Z", "2026-11-28T10:05:00.000Z"),
                usage(android, "beta", "2026-11-28T11", 1, "2026-11-28T11:00:00.000Z", "2026-11-28T11:00:00.000Z"),
            ], pruneBefore: "2026-10-01T00")
            // A second batch adds to the same hour and widens first/last seen.
            try await store.recordClients([
                usage(ios, "default", "2026-11-28T10", 3, "2026-11-28T10:01:00.000Z", "2026-11-28T10:59:00.000Z"),
            ], pruneBefore: "2026-10-01T00")

            let listed = try await store.clientBuilds(dayHour: "2026-11-28T00", liveHour: "2026-10-30T00")
            #expect(listed.map(\.client.description) == ["android/1.0.0", "ios/3.2.1"])
            let iosRow = try #require(listed.last)
            #expect(iosRow.channel == "default")
            #expect(iosRow.firstSeen == "2026-11-01T10:00:00.000Z" && iosRow.lastSeen == "2026-11-28T10:59:00.000Z")
            #expect(iosRow.requests24h == 5 && iosRow.requestsLive == 10)

            #expect(try await store.buildActivity(channel: "default", since: "2026-11-20T00:00:00.000Z").map(\.client) == [ios])
            #expect(try await store.buildActivity(channel: "default", since: "2026-11-29T00:00:00.000Z").map(\.client).isEmpty)
            #expect(try await store.buildActivity(channel: "beta", since: "2026-11-01T00:00:00.000Z").map(\.client) == [android])

            // Hours before the live window are pruned with the next batch.
            try await store.recordClients([usage(android, "beta", "2026-11-28T12", 1, "2026-11-28T12:00:00.000Z", "2026-11-28T12:00:00.000Z")],
                pruneBefore: "2026-11-10T00")
            let pruned = try await store.clientBuilds(dayHour: "2026-11-28T00", liveHour: "2026-10-01T00")
            #expect(pruned.last?.requestsLive == 5, "the November 1st hour is gone")
        }
    }

    @Test(arguments: TestBackend.available) func buildsLastSeenBeforeTheLiveWindowArePruned(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let old = try #require(ClientIdentity("ios/1.0.0"))
            let edge = try #require(ClientIdentity("ios/2.0.0"))
            let recent = try #require(ClientIdentity("android/3.0.0"))
            func usage(_ client: ClientIdentity, _ hour: String, _ at: String) -> ClientUsage {
                ClientUsage(client: client, channel: "default", hour: hour, requests: 1, firstSeen: at, lastSeen: at)
            }
            try await store.recordClients([
                usage(old, "2026-10-01T08", "2026-10-01T08:30:00.000Z"),
                usage(edge, "2026-10-30T13", "2026-10-30T13:00:00.000Z"),
                usage(recent, "2026-11-28T10", "2026-11-28T10:00:00.000Z"),
            ], pruneBefore: "2026-09-01T00")
            #expect(try await store.clientBuilds(dayHour: "0000-00-00T00", liveHour: "0000-00-00T00").count == 3)

            // The next batch, written with the live window starting 2026-10-30T13, drops the build
            // last seen before it, with its hours; the one seen at that very hour stays.
            try await store.recordClients([usage(recent, "2026-11-29T10", "2026-11-29T10:00:00.000Z")], pruneBefore: "2026-10-30T13")
            let kept = try await store.clientBuilds(dayHour: "0000-00-00T00", liveHour: "0000-00-00T00")
            #expect(kept.map(\.client) == [recent, edge])
            #expect(try await store.buildActivity(channel: "default", since: "0000-00-00T00:00:00.000Z").map(\.client) == [recent, edge])
            let rows = try await store.read { database in
                (try database.scalarInt("SELECT count(*) FROM client_builds"), try database.scalarInt("SELECT count(*) FROM client_requests"))
            }
            #expect(rows.0 == 2 && rows.1 == 3, "the pruned build's row and hour are deleted, not just hidden")
        }
    }
}
