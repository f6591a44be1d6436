import LiveryMigrations

/// One numbered schema migration: a name (`m0001_initial`) and its SQL.
///
/// The binary's migrations come from ``embedded`` (the files of `migrations/`, compiled in with
/// `.embedInCode`, so the server never reads SQL from its working directory). Tests build their
/// own lists to exercise ordering and ledger checks.
package struct Migration: Sendable, Hashable {
    /// The file name without extension; migrations apply in the order of their list.
    package let name: String
    /// The SQL text, run as one script (``SQLDatabase/execute(_:)``). It must not contain BEGIN/COMMIT (the migrator
    /// wraps it in a transaction) nor `PRAGMA foreign_keys` (a no-op inside a transaction; a
    /// table rebuild should use `PRAGMA defer_foreign_keys = ON` instead). To add one: create
    /// `migrations/m000N_name.sql`, list it in `EmbeddedMigrations.all` and in the target's
    /// `resources` in Package.swift (a test checks the first two agree).
    package let sql: String
    /// Lowercase hex SHA-256 of the SQL's UTF-8 bytes, recorded in the ledger.
    package let checksum: String

    package init(name: String, sql: String) {
        self.name = name
        self.sql = sql
        self.checksum = SHA256Digest.hex(Array(sql.utf8))
    }

    /// The SQLite migrations embedded in this binary, in application order.
    package static let embedded: [Migration] = EmbeddedMigrations.all.map { entry in
        Migration(name: entry.name, sql: String(decoding: entry.sql, as: UTF8.self))
    }

    /// The PostgreSQL migrations embedded in this binary (`migrations/pg000N_name.sql`), in
    /// application order. A schema change needs one file per backend.
    package static let embeddedPostgreSQL: [Migration] = EmbeddedMigrations.postgresql.map { entry in
        Migration(name: entry.name, sql: String(decoding: entry.sql, as: UTF8.self))
    }
}
