import Foundation
import Testing
@testable import SkinStore

@Suite("Migrations")
struct MigratorTests {
    private let first = Migration(name: "m0001_first", sql: "CREATE TABLE a (x INTEGER);")
    private let second = Migration(name: "m0002_second", sql: "ALTER TABLE a ADD COLUMN y TEXT; CREATE TABLE b (z);")

    private func ledger(_ database: SQLiteConnection) throws -> [String] {
        try database.query("SELECT name FROM livery_migrations ORDER BY rowid") { $0.string(0) }
    }

    @Test func embeddedMigrationsApplyAtOpenAndAreRecordedWithChecksums() async throws {
        try await withStore { (store, _) async throws in
            #expect(await store.readiness() == .ready)
            let rows = try await store.read { database in
                try database.query("SELECT name, checksum, applied_at FROM livery_migrations ORDER BY rowid") {
                    [$0.string(0), $0.string(1), $0.string(2)]
                }
            }
            #expect(rows.map { $0[0] } == Migration.embedded.map(\.name))
            #expect(rows.map { $0[1] } == Migration.embedded.map(\.checksum))
            #expect(rows.allSatisfy { $0[2].utf8.count == 24 })
            #expect(try await store.migrate() == [])
        }
    }

    /// A new SQL file (per backend) must also be listed in EmbeddedMigrations.swift and in Package.swift's
    /// resources, or the binary would silently not apply it. (Reading the source tree is fine
    /// in a test; the binary itself never does.)
    @Test func everyMigrationFileIsEmbeddedInOrder() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sql") }
            .map { String($0.dropLast(4)) }
            .sorted()
        // m000N for SQLite, pg000N for PostgreSQL; each list numbered from 1 without gaps.
        #expect(files.filter { $0.hasPrefix("m") } == Migration.embedded.map(\.name))
        #expect(files.filter { $0.hasPrefix("pg") } == Migration.embeddedPostgreSQL.map(\.name))
        for (prefix, list) in [("m", Migration.embedded), ("pg", Migration.embeddedPostgreSQL)] {
            #expect(list.map { Int($0.name.dropFirst(prefix.count).prefix(4)) } == list.indices.map { $0 + 1 })
        }
        for migration in Migration.embedded + Migration.embeddedPostgreSQL {
            let onDisk = try String(contentsOf: directory.appendingPathComponent(migration.name + ".sql"), encoding: .utf8)
            #expect(onDisk == migration.sql)
        }
    }

    @Test func migrationsApplyInOrderAndOnlyOnce() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteConnection(path: directory.file("m.sqlite"))
        #expect(try Migrator(migrations: [first]).migrate(database, logger: quietLogger) == ["m0001_first"])
        // A later binary with one more migration applies only the new one; m0002 needs m0001's table.
        #expect(try Migrator(migrations: [first, second]).migrate(database, logger: quietLogger) == ["m0002_second"])
        #expect(try Migrator(migrations: [first, second]).migrate(database, logger: quietLogger) == [])
        #expect(try ledger(database) == ["m0001_first", "m0002_second"])
        try database.run("INSERT INTO a (x, y) VALUES (1, 'ok')")
    }

    @Test func reopeningAStoreIsIdempotent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("reopen.sqlite")
        for _ in 0..<3 {
            let store = try SkinStore(path: path, logger: quietLogger)
            store.close()
        }
        let database = try SQLiteConnection(path: path)
        #expect(try ledger(database) == Migration.embedded.map(\.name))
    }

    @Test func anEditedMigrationStopsTheOpenNamingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("edited.sqlite")
        try SkinStore(path: path, logger: quietLogger).close()
        // Simulate editing m0001 after it was applied: the recorded checksum no longer matches.
        let database = try SQLiteConnection(path: path)
        try database.run("UPDATE livery_migrations SET checksum = ? WHERE name = 'm0001_initial'", [.text(String(repeating: "0", count: 64))])
        database.close()
        #expect(throws: StoreError.migrationEdited(name: "m0001_initial")) {
            try SkinStore(path: path, logger: quietLogger)
        }
        #expect(StoreError.migrationEdited(name: "m0001_initial").description.contains("m0001_initial was edited"))
    }

    @Test func aDatabaseNewerThanTheBinaryIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("newer.sqlite")
        try SkinStore(path: path, logger: quietLogger).close()
        let database = try SQLiteConnection(path: path)
        try database.run("INSERT INTO livery_migrations VALUES ('m9999_future', ?, '2099-01-01T00:00:00.000Z')", [.text(String(repeating: "a", count: 64))])
        database.close()
        #expect(throws: StoreError.unknownMigration(name: "m9999_future")) {
            try SkinStore(path: path, logger: quietLogger)
        }
    }

    @Test func aFailingMigrationLeavesNothingBehind() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteConnection(path: directory.file("failing.sqlite"))
        let broken = Migration(name: "m0002_broken", sql: "CREATE TABLE c (x); INSERT INTO nowhere VALUES (1);")
        #expect(throws: StoreError.migrationFailed(name: "m0002_broken", message: "no such table: nowhere")) {
            try Migrator(migrations: [first, broken]).migrate(database, logger: quietLogger)
        }
        #expect(try ledger(database) == ["m0001_first"])
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'c'") == 0)
    }

    @Test func openingWithoutMigratingReportsPendingUntilMigrate() async throws {
        let directory = try TemporaryDirectory()
        let store = try SkinStore(path: directory.file("lazy.sqlite"), migrateAtOpen: false, logger: quietLogger)
        defer { store.close() }
        #expect(await store.readiness() == .migrationsPending(Migration.embedded.map(\.name)))
        #expect(try await store.migrate() == Migration.embedded.map(\.name))
        #expect(await store.readiness() == .ready)
        await store.close()
        #expect(await store.readiness() == .closed)
    }
}
