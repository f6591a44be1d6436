import Logging

/// Applies numbered migrations in order, each in its own transaction, and keeps a ledger.
///
/// The ledger table `livery_migrations(name, checksum, applied_at)` records every applied
/// migration with the SHA-256 of its SQL. Before anything is applied the ledger is checked
/// against the binary's list:
/// - an applied migration whose SQL changed since → ``StoreError/migrationEdited(name:)``
///   (editing an applied migration silently diverges schemas; add a new one instead);
/// - an applied migration this binary does not know → ``StoreError/unknownMigration(name:)``
///   (the database was migrated by a newer binary; running older code on it is unsafe).
///
/// Each step is a write transaction (serialized across processes on both backends) → re-read and check the ledger → apply the first pending
/// migration → record it → `COMMIT`. Re-reading under the write lock makes concurrent
/// migrators (two servers starting on one file) safe: the second sees the first's ledger rows
/// and applies nothing twice.
package struct Migrator: Sendable {
    /// The ledger table's name.
    package static let ledgerTable = "livery_migrations"

    /// All migrations this binary knows, in application order.
    package let migrations: [Migration]

    package init(migrations: [Migration] = Migration.embedded) {
        self.migrations = migrations
    }

    /// Applies every pending migration.
    ///
    /// - Returns: the names applied now, in order (empty when the database was up to date).
    /// - Throws: ``StoreError/migrationEdited(name:)``, ``StoreError/unknownMigration(name:)``,
    ///   ``StoreError/migrationFailed(name:message:)``, or the engine's ``SQLEngineError``.
    @discardableResult
    package func migrate(_ database: any SQLDatabase, logger: Logger) throws -> [String] {
        try database.writeTransaction { try createLedger(database) }
        var applied: [String] = []
        while true {
            let next: Migration? = try database.writeTransaction {
                guard let migration = try pending(database).first else { return nil }
                do {
                    try database.execute(migration.sql)
                } catch let error as any SQLEngineError {
                    throw StoreError.migrationFailed(name: migration.name, message: error.message)
                }
                try database.run(
                    "INSERT INTO \(Self.ledgerTable) (name, checksum, applied_at) VALUES (?, ?, ?)",
                    [.text(migration.name), .text(migration.checksum), .text(Timestamp.now())]
                )
                return migration
            }
            guard let next else { break }
            logger.info("migration applied", metadata: ["migration.name": "\(next.name)"])
            applied.append(next.name)
        }
        return applied
    }

    /// The migrations not yet applied, in order, after checking the ledger (see the type's docs).
    /// Does not create the ledger: a database without one has every migration pending.
    package func pending(_ database: any SQLDatabase) throws -> [Migration] {
        let catalog = switch database.dialect {
        case .sqlite: "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?"
        case .postgresql: "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?"
        }
        let ledgerExists = try database.scalarInt(catalog, [.text(Self.ledgerTable)]) == 1
        guard ledgerExists else { return migrations }
        // By name: names are numbered, and the order only decides which unknown one is reported.
        let recorded = try database.query("SELECT name, checksum FROM \(Self.ledgerTable) ORDER BY name", []) {
            (name: $0.string(0), checksum: $0.string(1))
        }
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.name, $0) })
        for entry in recorded {
            guard let migration = known[entry.name] else {
                throw StoreError.unknownMigration(name: entry.name)
            }
            guard migration.checksum == entry.checksum else {
                throw StoreError.migrationEdited(name: entry.name)
            }
        }
        let appliedNames = Set(recorded.map(\.name))
        return migrations.filter { !appliedNames.contains($0.name) }
    }

    private func createLedger(_ database: any SQLDatabase) throws {
        try database.execute("""
            CREATE TABLE IF NOT EXISTS \(Self.ledgerTable) (
                name        TEXT NOT NULL PRIMARY KEY,
                checksum    TEXT NOT NULL,
                applied_at  TEXT NOT NULL
            )
            """)
    }
}
