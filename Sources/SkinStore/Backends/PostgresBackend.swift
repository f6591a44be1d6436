import Dispatch
import Foundation
import Logging

/// The shared backend: a PostgreSQL server that the `livery serve` processes of many machines
/// use together (docs/operations.md, "Shutdown, several processes, caches and balancers"), through libpq (``PostgresConnection``).
///
/// - Writes and change monitors use ``url`` (the primary); readers use ``readURL`` when set
///   (a hot standby, which serves `REPEATABLE READ READ ONLY` snapshots) and ``url`` otherwise.
/// - Changes from every process arrive by `LISTEN`/`NOTIFY` (``PostgresChangeMonitor``).
/// - Assets stay in the database (`bytea`), as with SQLite: one backup holds everything and
///   every machine sees the same bytes with no shared file system to run.
package struct PostgresBackend: StoreBackend {
    /// The primary's connection URL (`postgresql://…` or libpq `key=value` text).
    package let url: String
    /// A hot standby for reads, or nil.
    package let readURL: String?

    package init(url: String, readURL: String? = nil) {
        self.url = url
        self.readURL = readURL
    }

    /// Whether `text` names a PostgreSQL database rather than a SQLite file.
    package static func accepts(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    package var description: String {
        "postgresql:\(Self.redacted(url))" + (readURL.map { " (reads: \(Self.redacted($0)))" } ?? "")
    }

    package var migrations: [Migration] { Migration.embeddedPostgreSQL }

    package func prepare() throws {}

    package func connect(_ role: ConnectionRole) throws -> any SQLDatabase {
        switch role {
        case .writer, .monitor:
            try PostgresConnection(url: url)
        case .reader:
            try PostgresConnection(url: readURL ?? url)
        }
    }

    package func makeChangeMonitor(
        after: Int, interval: DispatchTimeInterval, logger: Logger, handler: @escaping @Sendable ([StoreEvent]) -> Void
    ) async throws -> any ChangeMonitor {
        try PostgresChangeMonitor(url: url, after: after, logger: logger, handler: handler)
    }

    /// Every table of Livery's PostgreSQL schema (`migrations/pg*.sql`); a test keeps the list
    /// equal to the tables the migrations create.
    static let tables = [
        "skins", "versions", "channels", "channel_activations", "schedules", "assets", "api_tokens", "audit_log", "events",
        "client_builds", "client_requests", "build_contracts", "served_holds", "drafts", "draft_revisions",
        "preview_links", "channel_policies", "change_requests", "change_request_actions", "webhooks",
        "webhook_deliveries", "webhook_attempts", "livery_migrations",
    ]

    /// PostgreSQL checks its own pages (checksums, WAL); this checks what Livery can: every
    /// table of the schema answers a query. "ok", or the tables that failed.
    package func integrityCheck(_ database: any SQLDatabase) throws -> String {
        var problems: [String] = []
        for table in Self.tables {
            do {
                _ = try database.scalarInt("SELECT count(*) FROM \(table)")
            } catch {
                problems.append("\(table): \(error)")
            }
        }
        return problems.isEmpty ? "ok" : problems.joined(separator: "\n")
    }

    /// `pg_dump --format=custom` of Livery's schema on the primary into `destination` (restore
    /// with `pg_restore`).
    /// pg_dump reads everything in one `REPEATABLE READ` snapshot, so the dump is consistent
    /// while servers keep writing. Written to `destination.partial` and renamed when complete.
    package func backup(to destination: String) throws {
        let directory = (destination as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        // Livery's schema only (the first of the URL's search_path, usually `public`): other
        // schemas of a shared database are not Livery's to copy.
        let connection = try PostgresConnection(url: url)
        let schema = try connection.scalarString("SELECT current_schema()") ?? "public"
        let otherSchemas = try connection.query(
            "SELECT nspname FROM pg_namespace WHERE nspname <> ? AND nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%'",
            [.text(schema)]
        ) { $0.string(0) }
        connection.close()
        let partial = destination + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        // Created 0600 before pg_dump writes into it: a dump holds token hashes and the audit log.
        guard FileManager.default.createFile(atPath: partial, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw PostgresError(sqlState: "", message: "cannot create \(partial)")
        }
        let command = PostgresDumpCommand(url: url, schema: schema, otherSchemas: otherSchemas, file: partial)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command.arguments
        process.environment = ProcessInfo.processInfo.environment.merging(command.environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw PostgresError(sqlState: "", message: "cannot run pg_dump (install postgresql-client): \(error)")
        }
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: partial)
            let message = String(decoding: output, as: UTF8.self).trimmingTrailingNewlines()
            throw PostgresError(sqlState: "", message: "pg_dump failed: \(message)")
        }
        guard rename(partial, destination) == 0 else {
            throw PostgresError(sqlState: "", message: "cannot rename backup into place: \(String(cString: strerror(errno)))")
        }
    }

    /// `url` with any password replaced by `***`, for logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else {
            return url.replacingOccurrences(of: #"password=\S+"#, with: "password=***", options: .regularExpression)
        }
        components.password = "***"
        return components.string ?? "(unparsable URL)"
    }
}
