import Dispatch
import Foundation
import Logging

/// Livery's storage: skins, versions, channels, assets, tokens, the audit log and the change
/// sequence (docs/operations.md, "The database"), in the database of a ``StoreBackend``: an embedded SQLite file (the
/// default) or a PostgreSQL server shared by several machines.
///
/// ## Threading
/// One writer connection on its own serial queue, and `readerCount` reader connections, each on
/// its own serial queue, picked round-robin. No database call ever runs on Swift's cooperative
/// thread pool: the async methods hop to a queue and resume through a continuation.
///
/// ## Writes
/// Every write is one write transaction (``SQLDatabase/writeTransaction(_:)``: serialized
/// across every process on the database) that also appends its audit row and its change
/// event, so the three commit or vanish together. A write that returned is durable (SQLite
/// `synchronous=FULL`; PostgreSQL's commit is flushed to its WAL). Several processes may
/// share the database (`livery serve` twice, the CLI).
///
/// ## Example
/// ```swift
/// let store = try SkinStore(path: "data/livery.sqlite", logger: logger)
/// let version = try await store.publish(skin: "app", document: bytes, parent: "base", author: "ci")
/// try await store.activate(channel: "default", skin: "app", version: nil, actor: "ci")
/// let monitor = try await store.changeMonitor { events in … wake long-polls … }
/// ```
///
/// Public only so that the benchmark packages can reach its `@_spi(Benchmarks)` entry points;
/// everything the server and CLI use is `package`.
public final class SkinStore: Sendable {
    /// Where the data lives, and the engine-specific operations.
    package let backend: any StoreBackend
    let logger: Logger
    let writer: ConnectionQueue
    let readers: [ConnectionQueue]
    let migrator: Migrator
    private let readerCursor = LockedState(0)
    /// Token id → uptime (ns) of the last `last_used_at` update this process scheduled.
    let tokenTouches = LockedState<[Int64: UInt64]>([:])
    /// Monitors to nudge after this store's own writes.
    let monitors = LockedState<[WeakMonitor]>([])

    /// Opens (creating if needed) the database of `backend` and, unless told otherwise, applies
    /// pending migrations.
    ///
    /// - Parameters:
    ///   - backend: where the data lives (``SQLiteBackend``, ``PostgresBackend``).
    ///   - readerCount: reader connections (at least 1).
    ///   - migrator: the migrations to check and apply (the backend's embedded ones by default).
    ///   - migrateAtOpen: apply pending migrations now. `livery migrate` passes false and calls
    ///     ``migrate()`` to report what it applied; the ledger is checked either way.
    ///   - logger: where the store logs (migrations applied, background failures).
    /// - Throws: ``StoreError`` for ledger problems, the engine's ``SQLEngineError`` if the
    ///   database cannot be opened.
    package init(
        backend: any StoreBackend, readerCount: Int = 2, migrator: Migrator? = nil, migrateAtOpen: Bool = true, logger: Logger
    ) throws {
        self.backend = backend
        self.logger = logger
        let migrator = migrator ?? Migrator(migrations: backend.migrations)
        self.migrator = migrator
        try backend.prepare()
        writer = try ConnectionQueue(label: "livery.store.writer") { try backend.connect(.writer) }
        try writer.sync { database in
            if migrateAtOpen {
                try migrator.migrate(database, logger: logger)
            } else {
                _ = try migrator.pending(database)
            }
        }
        readers = try (0..<max(1, readerCount)).map { index in
            try ConnectionQueue(label: "livery.store.reader\(index)") { try backend.connect(.reader) }
        }
        logger.debug("store opened", metadata: ["store.backend": "\(backend)", "store.readers": "\(readers.count)"])
    }

    /// Opens (creating if needed) the SQLite database at `path`; see
    /// ``init(backend:readerCount:migrator:migrateAtOpen:logger:)``.
    ///
    /// - Parameters:
    ///   - path: the database file; its directory is created if missing. Must be a real file
    ///     (several connections share it), not `:memory:`.
    ///   - busyTimeoutMilliseconds: how long a connection waits for another's lock.
    package convenience init(
        path: String, readerCount: Int = 2, busyTimeoutMilliseconds: Int = 5000,
        migrator: Migrator? = nil, migrateAtOpen: Bool = true, logger: Logger
    ) throws {
        try self.init(
            backend: SQLiteBackend(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds), readerCount: readerCount,
            migrator: migrator, migrateAtOpen: migrateAtOpen, logger: logger
        )
    }

    /// Closes every connection after the work already queued. Later calls throw
    /// ``StoreError/closed``. Change monitors have their own connection: stop them too.
    package func close() {
        for reader in readers {
            reader.close()
        }
        writer.close()
        logger.debug("store closed", metadata: ["store.backend": "\(backend)"])
    }

    // MARK: Running work on the queues

    /// Runs `body` in a write transaction on the writer queue; `body` gets the transaction's
    /// timestamp. Nudges change monitors after commit.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase, String) throws -> T) async throws -> T {
        let result = try await writer.run { database in
            try database.writeTransaction { try body(database, Timestamp.now()) }
        }
        nudgeMonitors()
        return result
    }

    /// ``write(_:)`` for synchronous callers (the CLI).
    func writeSync<T>(_ body: (any SQLDatabase, String) throws -> T) throws -> T {
        let result = try writer.sync { database in
            try database.writeTransaction { try body(database, Timestamp.now()) }
        }
        nudgeMonitors()
        return result
    }

    /// Runs `body` in a read transaction (one consistent snapshot) on a reader queue.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) throws -> T) async throws -> T {
        try await nextReader().run { database in
            try database.readTransaction { try body(database) }
        }
    }

    /// ``read(_:)`` for synchronous callers (the CLI).
    func readSync<T>(_ body: (any SQLDatabase) throws -> T) throws -> T {
        try nextReader().sync { database in
            try database.readTransaction { try body(database) }
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
    weak let monitor: (any ChangeMonitor)?
}
