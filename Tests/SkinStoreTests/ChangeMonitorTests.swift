import Synchronization
import Testing
@testable import SkinStore

@Suite("Change monitor")
struct ChangeMonitorTests {
    /// Collects what a monitor reports.
    final class Collected: Sendable {
        private let events = Mutex<[StoreEvent]>([])
        func append(_ new: [StoreEvent]) { events.withLock { $0 += new } }
        var all: [StoreEvent] { events.withLock { $0 } }
    }

    @Test(arguments: TestBackend.available) func seesWritesFromAnotherInstanceOnTheSameFile(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, directory) async throws in
            _ = try await store.publish(skin: "before", document: document("0"), author: "x")
            let collected = Collected()
            let monitor = try await store.changeMonitor { collected.append($0) }
            defer { monitor.stop() }

            // The other instance has its own connections: as far as SQLite is concerned it is
            // another process. Its writes do not nudge this store's monitor; only polling sees them.
            let other = try directory.openStore()
            defer { other.close() }
            _ = try await other.publish(skin: "remote", document: document("1"), author: "y")
            // Seen only by polling (the default interval is well under a second). Not timed here:
            // this test process's thread pool is shared by every suite, and the documented one second is
            // asserted with servers in their own processes (LiveryCommandTests, PostgresEndToEndTests).
            #expect(await eventually(timeout: .seconds(20)) { collected.all.count == 1 })
            #expect(collected.all.map(\.skin) == ["remote"])  // "before" preceded the monitor

            try await other.activate(channel: "default", skin: "remote", version: 1, actor: "y")
            #expect(await eventually { collected.all.count == 2 })
            #expect(collected.all.map(\.kind) == [.publish, .activate])
            #expect(monitor.lastReportedSequence == 3)
        }
    }

    @Test(arguments: TestBackend.available) func reportsLocalWritesPromptlyAndInOrder(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let collected = Collected()
            // A long interval: only the store's nudges can make this fast.
            let monitor = try await store.changeMonitor(interval: .seconds(30)) { collected.append($0) }
            defer { monitor.stop() }
            for index in 1...20 {
                _ = try await store.publish(skin: "s", document: document("\(index)"), author: "x")
            }
            // Well under the 30 s interval (so only nudges can explain it), with room for a loaded machine.
            #expect(await eventually(timeout: .seconds(15)) { collected.all.count == 20 })
            #expect(collected.all.map(\.seq) == Array(1...20))
        }
    }

    @Test(arguments: TestBackend.available) func catchesUpFromAGivenSequenceAndStops(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            for index in 1...3 {
                _ = try await store.publish(skin: "s", document: document("\(index)"), author: "x")
            }
            let collected = Collected()
            let monitor = try await store.changeMonitor(after: 1, interval: .milliseconds(50)) { collected.append($0) }
            #expect(await eventually { collected.all.count == 2 })
            #expect(collected.all.map(\.seq) == [2, 3])
            monitor.stop()
            // A witness started after the stop, polling as often, sees two more writes one after
            // the other: by then the stopped monitor, were it still running, would have had a full
            // poll (and a nudge) after the first of them. A fixed sleep would be a guess.
            let witnessed = Collected()
            let witness = try await store.changeMonitor(after: 3, interval: .milliseconds(50)) { witnessed.append($0) }
            defer { witness.stop() }
            _ = try await store.publish(skin: "s", document: document("4"), author: "x")
            #expect(await eventually(timeout: .seconds(20)) { witnessed.all.count == 1 })
            _ = try await store.publish(skin: "s", document: document("5"), author: "x")
            #expect(await eventually(timeout: .seconds(20)) { witnessed.all.count == 2 })
            #expect(collected.all.count == 2, "nothing reported after stop()")
        }
    }
}
