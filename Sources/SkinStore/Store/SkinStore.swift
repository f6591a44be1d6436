import Dispatch
import Foundation
import Logging

/// Livery's storage: skins, versions, channels, assets, tokens, the audit log and the change
/// sequence, in one SQLite file (SPEC §4).
///
/// ## Threading
/// One writer connection on its own serial queue, and `readerCount` reader connections, each on
/// its own serial queue, picked round-robin. No SQLite call ever runs on Swift's cooperative
/// thread pool: the async methods hop to a queue and resume through a continuation. WAL mode
/// lets the readers run while the writer writes, in this process and in others.
///
/// ## Writes
/// Every write is one `BEGIN IMMEDIATE` transaction that also appends its audit row and its
/// change event, so the three commit or vanish together. With `synchronous=FULL` a write that
/// returned is on disk. Several processes may open the same file (`livery serve` twice, the
/// CLI); they serialize on SQLite's write lock, waiting up to the busy timeout.
///
/// ## Example
/// ```swift
/// let store = try SkinStore(path: "data/livery.sqlite", logger: logger)
/// let version = try await store.publish(skin: "app", document: bytes, parent: "base", author: "ci")
/// try await store.activate(channel: "default", skin: "app", version: nil, actor: "ci")
/// let monitor = try store.changeMonitor { events in … wake long-polls … }
/// ```
///
/// Public only so that the benchmark packages can reach its `@_spi(Benchmarks)` entry points;
/// everything the server and CLI use is `package`.
public final class SkinStore: Sendable {
    /// The database file.
    package let path: String
    let logger: Logger
    let writer: ConnectionQueue
    let readers: [ConnectionQueue]
    let migrator: Migrator
    let busyTimeoutMilliseconds: Int
    private let readerCursor = LockedState(0)
    /// Token id → uptime (ns) of the last `last_used_at` update this process scheduled.
    let tokenTouches = LockedState<[Int64: UInt64]>([:])
    /// Monitors to nudge after this store's own writes.
    let monitors = LockedState<[WeakMonitor]>([])

    /// Opens (creating if needed) the database at `path` and, unless told otherwise, applies
    /// pending migrations.
    ///
    /// - Parameters:
    ///   - path: the database file; its directory is created if missing. Must be a real file
    ///     (several connections share it), not `:memory:`.
    ///   - readerCount: reader connections (at least 1).
    ///   - busyTimeoutMilliseconds: how long a connection waits for another's lock.
    ///   - migrator: the migrations to check and apply (the embedded ones by default).
    ///   - migrateAtOpen: apply pending migrations now. `livery migrate` passes false and calls
    ///     ``migrate()`` to report what it applied; the ledger is checked either way.
    ///   - logger: where the store logs (migrations applied, background failures).
    /// - Throws: ``StoreError`` for ledger problems, ``SQLiteError`` if the file cannot be opened.
    package init(
        path: String, readerCount: Int = 2, busyTimeoutMilliseconds: Int = 5000,
        migrator: Migrator = Migrator(), migrateAtOpen: Bool = true, logger: Logger
    ) throws {
        self.path = path
        self.logger = logger
        self.migrator = migrator
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        writer = try ConnectionQueue(label: "livery.store.writer") {
            try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
        try writer.sync { database in
            if migrateAtOpen {
                try migrator.migrate(database, logger: logger)
            } else {
                _ = try migrator.pending(database)
            }
        }
        readers = try (0..<max(1, readerCount)).map { index in
            try ConnectionQueue(label: "livery.store.reader\(index)") {
                try SQLiteConnection(path: path, readOnly: true, create: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            }
        }
        logger.debug("store opened", metadata: ["store.path": "\(path)", "store.readers": "\(readers.count)"])
    }

    /// Closes every connection after the work already queued. Later calls throw
    /// ``StoreError/closed``. Change monitors have their own connection: stop them too.
    package func close() {
        for reader in readers {
            reader.close()
        }
        writer.close()
        logger.debug("store closed", metadata: ["store.path": "\(path)"])
    }

    // MARK: Running work on the queues

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction on the writer queue; `body` gets the
    /// transaction's timestamp. Nudges change monitors after commit.
    func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection, String) throws -> T) async throws -> T {
        let result = try await writer.run { database in
            try database.transaction(.immediate) { try body(database, Timestamp.now()) }
        }
        nudgeMonitors()
        return result
    }

    /// ``write(_:)`` for synchronous callers (the CLI).
    func writeSync<T>(_ body: (SQLiteConnection, String) throws -> T) throws -> T {
        let result = try writer.sync { database in
            try database.transaction(.immediate) { try body(database, Timestamp.now()) }
        }
        nudgeMonitors()
        return result
    }

    /// Runs `body` in a read transaction (one consistent snapshot) on a reader queue.
    func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await nextReader().run { database in
            try database.transaction(.deferred) { try body(database) }
        }
    }

    /// ``read(_:)`` for synchronous callers (the CLI).
    func readSync<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try nextReader().sync { database in
            try database.transaction(.deferred) { try body(database) }
        }
    }

    private func nextReader() -> ConnectionQueue {
        let index = readerCursor.withLock { cursor in
            defer { cursor = (cursor + 1) % readers.count }
            return cursor
        }
        return readers[index]
    }

    private func nudgeMonitors() {
        let live = monitors.withLock { entries in
            entries.removeAll { $0.monitor == nil }
            return entries.compactMap(\.monitor)
        }
        for monitor in live {
            monitor.checkNow()
        }
    }
}

/// A weak reference to a ``ChangeMonitor``, so a forgotten monitor does not keep itself alive
/// through the store's registry.
struct WeakMonitor: Sendable {
    weak let monitor: ChangeMonitor?
}
