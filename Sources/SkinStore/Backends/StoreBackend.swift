import Dispatch
import Logging

/// Where a ``SkinStore`` keeps its data: the engine-specific half of the store.
///
/// The store itself (connection queues, transactions, every query in `Queries/`) is written
/// once against ``SQLDatabase``; a backend supplies what differs between engines: how
/// connections are opened, the migrations, how changes by other processes are noticed, backup
/// and integrity checks. Two exist: ``SQLiteBackend`` (the embedded default, one file on one
/// machine) and ``PostgresBackend`` (a shared server for several machines, docs/operations.md, "Shutdown, several processes, caches and balancers").
///
/// Why the split sits here rather than a second store: the guarantees of docs/operations.md, "The database" (numbering,
/// one transaction per write with its audit row and event, constant-time token checks,
/// content-addressed assets) live in the queries, so both engines get them from one copy.
package protocol StoreBackend: Sendable, CustomStringConvertible {
    /// The engine's embedded migrations, in application order.
    var migrations: [Migration] { get }

    /// Prepares the location before the first connection (SQLite: creates the file's directory).
    func prepare() throws

    /// Opens a connection for `role`. Called on the queue that will own it.
    func connect(_ role: ConnectionRole) throws -> any SQLDatabase

    /// Starts watching for events with `seq > after` committed by any process; `handler` gets
    /// them in seq order, one call at a time. `interval` is the SQLite poll period (PostgreSQL
    /// is told by `NOTIFY` and uses it only as a safety net).
    func makeChangeMonitor(
        after: Int, interval: DispatchTimeInterval, logger: Logger, handler: @escaping @Sendable ([StoreEvent]) -> Void
    ) async throws -> any ChangeMonitor

    /// A consistency check ("ok", or the engine's problems one per line).
    func integrityCheck(_ database: any SQLDatabase) throws -> String

    /// Writes a consistent copy of the whole database to `destination` (a file), never a
    /// half-written one. Blocks: call it off the cooperative pool.
    func backup(to destination: String) throws
}
