import Foundation
import Logging

/// Migrations, health, backup.
extension SkinStore {
    /// Opens a store without blocking a thread of Swift's cooperative pool (the server's way in);
    /// same parameters as ``init(backend:readerCount:migrator:migrateAtOpen:logger:)``.
    package static func open(
        backend: any StoreBackend, readerCount: Int = 2, migrator: Migrator? = nil, migrateAtOpen: Bool = true, logger: Logger
    ) async throws -> SkinStore {
        try await onThreadOfItsOwn {
            try SkinStore(backend: backend, readerCount: readerCount, migrator: migrator, migrateAtOpen: migrateAtOpen, logger: logger)
        }
    }

    /// ``open(backend:readerCount:migrator:migrateAtOpen:logger:)`` on a SQLite file.
    package static func open(
        path: String, readerCount: Int = 2, busyTimeoutMilliseconds: Int = 5000,
        migrator: Migrator? = nil, migrateAtOpen: Bool = true, logger: Logger
    ) async throws -> SkinStore {
        try await open(
            backend: SQLiteBackend(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds), readerCount: readerCount,
            migrator: migrator, migrateAtOpen: migrateAtOpen, logger: logger
        )
    }

    /// Applies pending migrations (`livery migrate`); returns the names applied, in order.
    /// - Throws: ``StoreError/migrationEdited(name:)``, ``StoreError/unknownMigration(name:)``,
    ///   ``StoreError/migrationFailed(name:message:)``.
    @discardableResult
    package func migrate() async throws -> [String] {
        try await writer.run { [migrator, logger] in try migrator.migrate($0, logger: logger) }
    }

    /// ``migrate()`` for the CLI.
    @discardableResult
    package func migrate() throws -> [String] {
        try writer.sync { try migrator.migrate($0, logger: logger) }
    }

    /// `/readyz`: ready when a reader can query the database and no migration is pending
    /// (the ledger also agrees with the binary).
    package func readiness() async -> StoreReadiness {
        do {
            let pending = try await read { [migrator] in try migrator.pending($0) }
            return pending.isEmpty ? .ready : .migrationsPending(pending.map(\.name))
        } catch StoreError.closed {
            return .closed
        } catch {
            return .failed("\(error)")
        }
    }

    /// The backend's consistency check: "ok", or its list of problems, one per line.
    package func integrityCheck() async throws -> String {
        try await nextReaderForMaintenance().run { [backend] in try backend.integrityCheck($0) }
    }

    /// ``integrityCheck()`` for the CLI.
    package func integrityCheck() throws -> String {
        try nextReaderForMaintenance().sync { try backend.integrityCheck($0) }
    }

    private func nextReaderForMaintenance() -> ConnectionQueue {
        readers[readers.count - 1]
    }

    /// Writes a consistent copy of the database to `destination` (`livery backup`), never a
    /// half-written file; see ``StoreBackend/backup(to:)``. Runs on a thread of its own, so
    /// neither the server's readers nor its writer wait for it.
    package func backup(to destination: String) async throws {
        try await onThreadOfItsOwn { [backend] in try backend.backup(to: destination) }
    }

    /// ``backup(to:)`` for the CLI.
    package func backup(to destination: String) throws {
        try backend.backup(to: destination)
    }

    /// ``close()`` for async callers (a server shutting down): the wait for queued work and
    /// SQLite's closing checkpoint happen off the cooperative pool, whose few threads every
    /// other task of the process needs meanwhile.
    package func close() async {
        _ = try? await onThreadOfItsOwn { [self] in close() }
    }
}
