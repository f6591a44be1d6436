import Foundation
import Logging
import Synchronization
import Testing
@testable import LiveryServer
import SkinStore
import SkinModel

/// The per-build counter writes at most once per interval, off the request path, and loses
/// nothing when a write fails (docs/apps.md, "Old builds in the field"). Its clock is injected.
@Suite struct ClientRecorderTests {
    final class FakeClock: Sendable {
        let now = Mutex<Int64>(1_764_374_400_000)  // 2025-11-29T00:00:00Z
        func advance(seconds: Int64) { now.withLock { $0 += seconds * 1000 } }
        var read: @Sendable () -> Int64 { { [self] in now.withLock { $0 } } }
    }

    private func withStore<T>(_ body: (SkinStore) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-recorder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SkinStore(path: folder.appendingPathComponent("db.sqlite").path, logger: Logger(label: "test"))
        defer { store.close() }
        return try await body(store)
    }

    @Test func countsAreWrittenAtMostOncePerIntervalAndAddUp() async throws {
        try await withStore { store in
            let clock = FakeClock()
            let recorder = ClientRecorder(store: store, interval: .seconds(60), logger: Logger(label: "test"), clock: clock.read)
            let builds = try (0..<3).map { try #require(ClientIdentity("ios/3.\($0).0")) }
            for index in 0..<300 { recorder.record(builds[index % 3], channel: "default") }
            #expect(await recorder.flushIfDue(), "the first write is due at once")
            #expect(recorder.writes == 1)

            for tick in 1...5 {
                clock.advance(seconds: 10)
                for build in builds { recorder.record(build, channel: "default") }
                #expect(await !recorder.flushIfDue(), "\(tick * 10) s after the last write: not yet")
            }
            #expect(recorder.writes == 1)
            clock.advance(seconds: 10)
            #expect(await recorder.flushIfDue(), "60 s after the last write")
            #expect(recorder.writes == 2)
            #expect(await !recorder.flushIfDue(), "nothing held: no write")

            let rows = try await store.clientBuilds(dayHour: "2025-11-28T00", liveHour: "2025-10-01T00")
            #expect(rows.map(\.requests24h) == [105, 105, 105])
            #expect(recorder.pending().isEmpty)
        }
    }

    @Test func aFailedWriteKeepsItsCountsForTheNextOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-recorder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SkinStore(path: folder.appendingPathComponent("db.sqlite").path, logger: Logger(label: "test"))
        let clock = FakeClock()
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let recorder = ClientRecorder(store: store, interval: .seconds(60), logger: quiet, clock: clock.read)
        let build = try #require(ClientIdentity("android/2.0.0"))
        for _ in 0..<7 { recorder.record(build, channel: "beta") }
        await store.close()
        #expect(await !recorder.flushIfDue())
        #expect(recorder.writes == 0)
        #expect(recorder.pending().values.map(\.requests) == [7], "put back, nothing lost")
    }
}
