import Dispatch
import Logging

/// The SQLite ``ChangeMonitor``: polls the file for commits by any connection (docs/operations.md, "Shutdown, several processes, caches and balancers").
///
/// A dedicated reader connection, on its own serial queue, runs `PRAGMA data_version` every
/// `interval` (250 ms by default). That pragma changes whenever *another connection* commits
/// to the file: another process, or this process's writer connection, which is another
/// connection too. Only then does the monitor read `events` after the last seq it reported and
/// call `handler` with them, oldest first. So an idle database costs one trivial pragma per
/// tick, and writes from other `livery serve` processes, the CLI or a replica's sync (LiteFS,
/// Litestream) are seen within one interval. The owning store also nudges the monitor right
/// after its own commits (``checkNow()``), so local changes are reported without waiting
/// for the timer.
///
/// `handler` runs on the monitor's queue, one call at a time, in seq order; keep it short.
///
/// `@unchecked Sendable` is sound: `lastDataVersion`, `lastSeq` and `timer` are only touched
/// on `connection.queue` (the timer fires there; ``checkNow()`` and ``stop()`` hop there).
final class SQLitePollingMonitor: ChangeMonitor, @unchecked Sendable {
    /// Events read per query while catching up.
    private static let pageSize = 500

    private let connection: ConnectionQueue
    private let handler: @Sendable ([StoreEvent]) -> Void
    private let logger: Logger
    private var lastDataVersion: Int?
    private var lastSeq: Int
    private var timer: (any DispatchSourceTimer)?

    /// Starts watching `backend`'s file; reports events with `seq > after`.
    /// Made through ``SkinStore/changeMonitor(after:interval:handler:)``.
    init(
        backend: SQLiteBackend, after: Int, interval: DispatchTimeInterval, logger: Logger,
        handler: @escaping @Sendable ([StoreEvent]) -> Void
    ) async throws {
        connection = try await ConnectionQueue(label: "livery.store.monitor", qos: .utility) {
            try backend.connect(.monitor)
        }
        self.handler = handler
        self.logger = logger
        self.lastSeq = after
        connection.queue.async { [self] in
            let timer = DispatchSource.makeTimerSource(queue: connection.queue)
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
            timer.setEventHandler { [weak self] in self?.poll() }
            self.timer = timer
            timer.resume()
        }
    }

    deinit {
        // The timer's handler holds self weakly; cancelling is enough.
        timer?.cancel()
    }

    /// The highest seq reported so far (or the starting point).
    /// Blocks until the monitor's queue answers: for tests and synchronous callers only.
    var lastReportedSequence: Int {
        connection.queue.sync { lastSeq }
    }

    /// Polls now instead of at the next tick (cheap; the store calls it after its own writes).
    func checkNow() {
        connection.queue.async { [weak self] in self?.poll() }
    }

    /// Stops polling and closes the monitor's connection. The handler is not called afterwards.
    func stop() {
        connection.queue.async { [self] in
            timer?.cancel()
            timer = nil
        }
        connection.closeLater()
    }

    private func poll() {
        // Stopped (or not started yet: the first tick will catch up).
        guard timer != nil else { return }
        do {
            try connection.onQueue { database in
                let version = try database.scalarInt("PRAGMA data_version")
                guard version != lastDataVersion else { return }
                lastDataVersion = version
                while true {
                    let events = try EventQueries.list(database, after: lastSeq, limit: Self.pageSize)
                    guard let last = events.last else { break }
                    lastSeq = last.seq
                    handler(events)
                    if events.count < Self.pageSize { break }
                }
            }
        } catch {
            // Transient (e.g. busy past the timeout): forget the data version so that the
            // next tick reads the events again rather than concluding nothing changed.
            logger.warning("change poll failed", metadata: ["error": "\(error)"])
            lastDataVersion = nil
        }
    }
}
