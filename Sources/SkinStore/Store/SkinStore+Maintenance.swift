import Foundation
import Logging

/// Migrations, health, backup.
extension SkinStore {
    /// Opens a store without blocking a thread of Swift's cooperative pool (the server's way in);
    /// same parameters as ``init(path:readerCount:busyTimeoutMilliseconds:migrator:migrateAtOpen:logger:)``.
    package static func open(
        path: String, readerCount: Int = 2, busyTimeoutMilliseconds: Int = 5000,
        migrator: Migrator = Migrator(), migrateAtOpen: Bool = true, logger: Logger
    ) async throws -> SkinStore {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result {
                    try SkinStore(
                        path: path, readerCount: readerCount, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
                        migrator: migrator, migrateAtOpen: migrateAtOpen, logger: logger
                    )
                })
            }
        }
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

    /// `PRAGMA integrity_check`: "ok", or SQLite's list of problems, one per line.
    package func integrityCheck() async throws -> String {
        try await nextReaderForMaintenance().run { try Self.integrityCheck($0) }
    }

    /// ``integrityCheck()`` for the CLI.
    package func integrityCheck() throws -> String {
        try nextReaderForMaintenance().sync { try Self.integrityCheck($0) }
    }

    private static func integrityCheck(_ database: SQLiteConnection) throws -> String {
        try database.query("PRAGMA integrity_check") { $0.string(0) }.joined(separator: "\n")
    }

    private func nextReaderForMaintenance() -> ConnectionQueue {
        readers[readers.count - 1]
    }

    /// Copies the database to `destination` with SQLite's online backup API (`livery backup`).
    ///
    /// Runs on a connection and queue of its own, so neither the server's readers nor its writer
    /// wait for it; see ``SQLiteConnection/backup(into:pagesPerStep:pauseMicroseconds:)`` for why
    /// the copy is a consistent snapshot that never blocks or restarts. The copy is written to
    /// `destination.partial` and renamed into place when complete, so `destination` is never a
    /// half-written database. An existing `destination` is replaced.
    package func backup(to destination: String) async throws {
        let source = path
        let timeout = busyTimeoutMilliseconds
        let queue = try await ConnectionQueue(label: "livery.store.backup", qos: .utility) {
            try SQLiteConnection(path: source, readOnly: true, create: false, busyTimeoutMilliseconds: timeout)
        }
        defer { queue.closeLater() }
        try await queue.run { try Self.backup(from: $0, to: destination, busyTimeoutMilliseconds: timeout) }
    }

    /// ``backup(to:)`` for the CLI.
    package func backup(to destination: String) throws {
        let source = path
        let timeout = busyTimeoutMilliseconds
        let queue = try ConnectionQueue(label: "livery.store.backup", qos: .utility) {
            try SQLiteConnection(path: source, readOnly: true, create: false, busyTimeoutMilliseconds: timeout)
        }
        defer { queue.close() }
        try queue.sync { try Self.backup(from: $0, to: destination, busyTimeoutMilliseconds: timeout) }
    }

    private static func backup(from source: SQLiteConnection, to destination: String, busyTimeoutMilliseconds: Int) throws {
        let directory = (destination as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let partial = destination + ".partial"
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: partial + suffix)
        }
        do {
            // Rollback-journal mode: the finished copy is one self-contained file to rename.
            let target = try SQLiteConnection(path: partial, walMode: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try source.backup(into: target)
            target.close()
            guard rename(partial, destination) == 0 else {
                throw SQLiteError(code: .cantOpen, message: "cannot rename backup into place: \(String(cString: strerror(errno)))", sql: nil)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }
}
