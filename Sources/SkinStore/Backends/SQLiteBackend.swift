import Dispatch
import Foundation
import Logging

/// The embedded backend: one SQLite file, shared by the processes of one machine (docs/operations.md, "The database", §6).
///
/// Writers and readers are ``SQLiteConnection``s on the same file (WAL mode lets them run side
/// by side, across processes too); changes by other processes are seen by polling the file's
/// data version (``SQLitePollingMonitor``).
package struct SQLiteBackend: StoreBackend {
    /// The database file.
    package let path: String
    /// How long a connection waits for another's lock before failing with `SQLITE_BUSY`.
    package let busyTimeoutMilliseconds: Int

    package init(path: String, busyTimeoutMilliseconds: Int = 5000) {
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }

    package var description: String { "sqlite:\(path)" }

    package var migrations: [Migration] { Migration.embedded }

    package func prepare() throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            // A folder Livery creates (./data) is its own: 0700, like the files in it (docs/operations.md).
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
    }

    package func connect(_ role: ConnectionRole) throws -> any SQLDatabase {
        switch role {
        case .writer:
            try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        case .reader, .monitor:
            try SQLiteConnection(path: path, readOnly: true, create: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    package func makeChangeMonitor(
        after: Int, interval: DispatchTimeInterval, logger: Logger, handler: @escaping @Sendable ([StoreEvent]) -> Void
    ) async throws -> any ChangeMonitor {
        try await SQLitePollingMonitor(backend: self, after: after, interval: interval, logger: logger, handler: handler)
    }

    /// `PRAGMA integrity_check`.
    package func integrityCheck(_ database: any SQLDatabase) throws -> String {
        try database.query("PRAGMA integrity_check", []) { $0.string(0) }.joined(separator: "\n")
    }

    /// Copies the database with SQLite's online backup API, on a connection of its own (so
    /// neither the server's readers nor its writer wait for it); see
    /// ``SQLiteConnection/backup(into:pagesPerStep:pauseMicroseconds:)`` for why the copy is a
    /// consistent snapshot that never blocks or restarts. The copy is written to
    /// `destination.partial` and renamed into place when complete. An existing `destination`
    /// is replaced.
    package func backup(to destination: String) throws {
        let source = try SQLiteConnection(path: path, readOnly: true, create: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        defer { source.close() }
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
