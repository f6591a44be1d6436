import Foundation
@testable import LiveryServer
import Logging
import SkinStore
import TestSupport
import Testing

/// A shutdown loses no counts (docs/apps.md, "Old builds in the field"), even when it comes
/// while the counter's write is in progress: that write is awaited, then what was counted
/// meanwhile is written before the database closes.
@Suite struct ShutdownCountingTests {
    static func counts(in path: String) async throws -> [String: Int] {
        let store = try SkinStore(path: path, logger: Logger(label: "test"))
        defer { store.close() }
        var counts: [String: Int] = [:]
        for row in try await store.clientBuilds(dayHour: "0000-00-00T00", liveHour: "0000-00-00T00") {
            counts[row.client.description, default: 0] += row.requestsLive
        }
        return counts
    }

    @Test func countsHeldWhileAWriteIsBlockedSurviveTheShutdown() async throws {
        let sqlite3 = URL(fileURLWithPath: "/usr/bin/sqlite3")
        try #require(FileManager.default.isExecutableFile(atPath: sqlite3.path), "needs the sqlite3 shell (.ci/run installs it)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-shutdown-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("livery.sqlite").path
        let locked = folder.appendingPathComponent("locked").path
        let release = folder.appendingPathComponent("release").path

        try await TestServer.run(databaseIn: folder, configure: { $0.clientFlushInterval = 0 }) { server in
            let recorder = server.app.routes.fleet.recorder
            for _ in 0..<3 { try await Compat.launch(server, "ios/1.0.0") }
            try await waitUntil("the first counts are written") { recorder.writes >= 1 && recorder.pending().isEmpty }

            // Another connection holds SQLite's write lock, so the counter's next write waits on it
            // (well within the store's 5 s busy timeout).
            let blocker = try ChildProcess(sqlite3, [
                database, "BEGIN IMMEDIATE;", "DELETE FROM client_builds WHERE 0;",
                ".shell touch '\(locked)'; i=0; while [ ! -e '\(release)' ] && [ $i -lt 80 ]; do sleep 0.05; i=$((i+1)); done",
                "COMMIT;",
            ])
            defer { blocker.kill() }
            try await waitUntil("the other connection holds the lock") { FileManager.default.fileExists(atPath: locked) }
            for _ in 0..<2 { try await Compat.launch(server, "ios/2.0.0") }
            try await waitUntil("the counter's write waits on the lock") { recorder.isWriting }
            // Counted while that write is blocked: not in its batch.
            for _ in 0..<4 { try await Compat.launch(server, "ios/3.0.0") }

            let shutdown = Task { await server.app.shutdown() }
            // The engine has stopped (shutdown is on to the counter) and the write is still blocked:
            // only then is the lock released, so what shutdown does with a write in flight is tested.
            try await waitUntil("the server stopped listening") { (try? RawConnection(port: server.port, timeout: 1)) == nil }
            #expect(recorder.isWriting, "the counter's write is still waiting on the lock")
            FileManager.default.createFile(atPath: release, contents: nil)
            await shutdown.value
            #expect(try await blocker.exit(timeout: 10) == 0)
        }
        #expect(try await Self.counts(in: database) == ["ios/1.0.0": 3, "ios/2.0.0": 2, "ios/3.0.0": 4])
    }
}
