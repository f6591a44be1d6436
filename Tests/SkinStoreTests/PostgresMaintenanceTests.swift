import Foundation
import Testing
@testable import SkinStore
import TestSupport

/// `livery backup` and the integrity check on PostgreSQL (docs/operations.md, "Backups"): what
/// can be checked without a server.
/// `.offThePool`: dumps and restores run synchronously.
@Suite(.offThePool) struct PostgresMaintenanceTests {
    /// The integrity check queries every table the PostgreSQL migrations create (it once skipped
    /// `schedules`); a new table without a line there fails here.
    @Test func theIntegrityCheckCoversEveryTable() throws {
        var created: Set<String> = []
        let pattern = try Regex(#"(?i)CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"#)
        for migration in Migration.embeddedPostgreSQL {
            for match in migration.sql.matches(of: pattern) {
                if let name = match.output[1].substring { created.insert(name.lowercased()) }
            }
        }
        created.insert(Migrator.ledgerTable)
        #expect(created.contains("schedules"))
        #expect(Set(PostgresBackend.tables) == created)
    }

    @Test func pgDumpNeverSeesThePasswordOnItsCommandLine() {
        let dump = PostgresDumpCommand(
            url: "postgresql://livery:s3cr%40t@db.example.com:5432/livery?sslmode=require", schema: "public",
            otherSchemas: ["billing", "Odd\"Name"], file: "/tmp/x.partial")
        #expect(!dump.arguments.joined(separator: " ").contains("s3cr"))
        #expect(dump.environment == ["PGPASSWORD": "s3cr@t"])
        #expect(dump.arguments.contains("--dbname=postgresql://livery@db.example.com:5432/livery?sslmode=require"))

        let query = PostgresDumpCommand(
            url: "postgresql://livery@db/livery?password=hunter2&sslmode=require", schema: "public", otherSchemas: [], file: "f")
        #expect(!query.arguments.joined(separator: " ").contains("hunter2"))
        #expect(query.environment["PGPASSWORD"] == "hunter2")
        #expect(query.arguments.last == "--dbname=postgresql://livery@db/livery?sslmode=require")

        let none = PostgresDumpCommand(url: "postgresql://livery@db/livery", schema: "public", otherSchemas: [], file: "f")
        #expect(none.environment.isEmpty, "no password: ~/.pgpass or the caller's PGPASSWORD apply")
    }

    /// `--schema=public` makes pg_dump write `CREATE SCHEMA public`, which a fresh database
    /// refuses (pg_restore exits 1): the public schema is dumped by excluding the others.
    @Test func aPublicSchemaDumpRestoresIntoAFreshDatabase() {
        let dump = PostgresDumpCommand(url: "postgresql://l@db/l", schema: "public", otherSchemas: ["billing", "Odd\"Name"], file: "f")
        #expect(!dump.arguments.contains { $0.hasPrefix("--schema=") })
        #expect(dump.arguments.contains("--exclude-schema=\"billing\""))
        #expect(dump.arguments.contains("--exclude-schema=\"Odd\"\"Name\""))
        let own = PostgresDumpCommand(url: "postgresql://l@db/l", schema: "livery", otherSchemas: ["public"], file: "f")
        #expect(own.arguments.contains("--schema=\"livery\""))
        #expect(!own.arguments.contains { $0.hasPrefix("--exclude-schema") })
    }
}
