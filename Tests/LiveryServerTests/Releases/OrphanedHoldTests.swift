import Foundation
import Logging
import SkinStore
import Testing
@testable import LiveryServer

/// A publish holds what it reaches until its gate settles it (docs/apps.md, "What a live build is
/// served, on every path"). When the process stops in between, the holds are orphans: the next server settles
/// them before it answers, as if the gate had run then.
@Suite struct OrphanedHoldTests {
    @Test func aPublishWhoseGateNeverRanIsSettledWhenTheServerStarts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SkinStore(path: folder.appendingPathComponent("livery.sqlite").path, logger: Logger(label: "test"))
        _ = try await store.publish(skin: "night", document: Array(Release.contrastSkin(darkText: "#eeeeee").utf8), author: "test")
        _ = try await store.publish(skin: "day", document: Array(Release.contrastSkin(darkText: "#eeeeee").utf8), author: "test")
        try await store.activate(channel: "default", skin: "night", version: nil, actor: "test")
        try await store.activate(channel: "beta", skin: "day", version: nil, actor: "test")
        // What a process that stopped right after the publish's transaction leaves behind: the
        // followed channels held on what they served, "checking", and no gate to settle them.
        let failing = try await store.publishReaching(
            skin: "night", document: Array(Release.contrastSkin(darkText: "#333333").utf8), author: "test")
        let passing = try await store.publishReaching(
            skin: "day", document: Array(Release.contrastSkin(darkText: "#dddddd").utf8), author: "test")
        #expect(failing.reached.map(\.channel) == ["default"] && passing.reached.map(\.channel) == ["beta"])
        let provisional = try await store.channel("default", includeHistory: false).holds
        #expect(provisional.map(\.reasons) == [["the release gate is checking night@2"]])
        await store.close()

        try await TestServer.run(seedDemo: false, databaseIn: folder) { server in
            // Settled before the server answered anything: the passing version is served…
            #expect(try await server.get("/v1/channels/beta/skin").json["version"] as? Int == 2)
            #expect(try await server.store.channel("beta", includeHistory: false).holds.isEmpty)
            // …and the failing one stays held, now for what the gate found.
            #expect(try await server.get("/v1/channels/default/skin").json["version"] as? Int == 1)
            let held = try await server.store.channel("default", includeHistory: false).holds
            #expect(held.count == 1)
            #expect(held.first?.heldVersion == 2)
            #expect(held.first?.reasons.contains { $0.contains("night@2") && $0.contains("contrast") } == true, "\(held)")
            #expect(held.first?.reasons.contains { $0.contains("checking") } == false)
        }
    }

    @Test func aHoldAGateIsStillWorkingOnIsNotTakenForAnOrphanUntilItIsTwoMinutesOld() async throws {
        let startedAt = Timestamp.nowMilliseconds()
        try await TestServer.run(seedDemo: false) { server in
            _ = try await server.store.publish(skin: "night", document: Array(Release.contrastSkin(darkText: "#eeeeee").utf8), author: "test")
            try await server.store.activate(channel: "default", skin: "night", version: nil, actor: "test")
            // Made by this running process: its own gate settles it, not a sweep.
            _ = try await server.store.publishReaching(
                skin: "night", document: Array(Release.contrastSkin(darkText: "#dddddd").utf8), author: "test")
            let madeAt = Timestamp.nowMilliseconds()
            func sweep(at now: Int64) async throws -> [HoldChange] {
                let cutoff = ScheduleRunner.orphanCutoff(startedAt: startedAt, now: now)
                return try await server.app.routes.settleUnsettledPublishes(madeBefore: Timestamp.format(millisecondsSince1970: cutoff))
            }
            #expect(try await sweep(at: madeAt + 1_000).isEmpty, "a second later it is the running gate's")
            #expect(try await server.store.channel("default", includeHistory: false).holds.map(\.reasons) == [["the release gate is checking night@2"]])
            #expect(try await server.get("/v1/channels/default/skin").json["version"] as? Int == 1)

            // Two minutes on, no gate has settled it: it is an orphan, and the sweep releases it.
            let released = try await sweep(at: madeAt + ScheduleRunner.orphanAge + 1_000)
            #expect(released.map(\.held) == [false])
            #expect(try await server.store.channel("default", includeHistory: false).holds.isEmpty)
            #expect(try await server.get("/v1/channels/default/skin").json["version"] as? Int == 2)
        }
    }
}
