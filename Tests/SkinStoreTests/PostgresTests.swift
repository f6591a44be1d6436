import Foundation
import Logging
import Testing
@testable import SkinStore
import TestSupport

/// What only the PostgreSQL backend has: placeholder numbering, reconnect backoff, migrations
/// raced by several servers, and surviving a lost connection. The shared behaviour runs on both
/// backends in the other suites.
/// `.offThePool`: its tests open stores and run statements synchronously (seconds on a loaded machine).
@Suite("PostgreSQL backend", .offThePool)
struct PostgresTests {
    @Test func placeholdersAreNumberedOutsideQuotedText() {
        #expect(PostgresConnection.numberPlaceholders("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)")
        #expect(PostgresConnection.numberPlaceholders("SELECT '?', \"?\" FROM t WHERE x = ?") == "SELECT '?', \"?\" FROM t WHERE x = $1")
        #expect(PostgresConnection.numberPlaceholders("SELECT 'it''s ?' WHERE y = ?") == "SELECT 'it''s ?' WHERE y = $1")
    }

    @Test func backoffDoublesUpToItsCeilingAndResetsOnSuccess() {
        var backoff = ReconnectBackoff()
        let start = ContinuousClock.now
        #expect(backoff.mayAttempt(at: start))
        backoff.failed(at: start)
        #expect(backoff.delay == .milliseconds(100))
        #expect(!backoff.mayAttempt(at: start + .milliseconds(99)))
        #expect(backoff.mayAttempt(at: start + .milliseconds(100)))
        for _ in 0..<10 { backoff.failed(at: start) }
        #expect(backoff.delay == backoff.maximumDelay)
        backoff.succeeded()
        #expect(backoff.mayAttempt(at: start))
        backoff.failed(at: start)
        #expect(backoff.delay == .milliseconds(100))
    }

    @Test func passwordsAreRedactedFromDescriptions() {
        #expect(PostgresBackend.redacted("postgresql://livery:s3cret@db:5432/livery") == "postgresql://livery:***@db:5432/livery")
        #expect(PostgresBackend.redacted("host=db password=s3cret dbname=livery") == "host=db password=*** dbname=livery")
        #expect(!PostgresBackend(url: "postgresql://a:s3cret@h/d", readURL: "postgresql://b:other@r/d").description.contains("s3cret"))
    }

    /// Existing SQLite databases have m0001 recorded with this checksum; changing the file
    /// would make every one of them refuse to open (migrationEdited).
    @Test func theAppliedSQLiteMigrationKeepsItsIdentity() {
        #expect(Migration.embedded.first?.name == "m0001_initial")
        #expect(Migration.embedded.first?.checksum == "7fdd1b93495a0cd5e57733bca5b3db924c7abce6f68f47e812ad2fbf94389cdf")
    }

    /// Four servers starting at once on an empty database: the migrator's write lock makes
    /// exactly one apply each migration; all four open.
    @Test(.enabled(if: TestBackend.postgresURL != nil, TestBackend.postgresSkipReason))
    func concurrentMigratorsApplyEachMigrationOnce() async throws {
        let database = try await TestDatabase.make(.postgresql)
        let stores = try await withThrowingTaskGroup(of: SkinStore.self) { group in
            for _ in 0..<4 {
                group.addTask { try await SkinStore.open(backend: database.backend(), logger: quietLogger) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        defer { stores.forEach { $0.close() } }
        let ledger = try await stores[0].read { try $0.query("SELECT name FROM livery_migrations", []) { $0.string(0) } }
        #expect(ledger == Migration.embeddedPostgreSQL.map(\.name))
    }

    @Test(.enabled(if: TestBackend.postgresURL != nil, TestBackend.postgresSkipReason))
    func anEditedMigrationIsRefused() async throws {
        let database = try await TestDatabase.make(.postgresql)
        try await database.openStore().close()
        let edited = Migration(name: "pg0001_initial", sql: "-- edited\n" + (Migration.embeddedPostgreSQL.first?.sql ?? ""))
        #expect(throws: StoreError.migrationEdited(name: "pg0001_initial")) {
            try SkinStore(backend: database.backend(), migrator: Migrator(migrations: [edited]), logger: quietLogger)
        }
    }

    /// The server drops every connection of the store (as a restart does): with the server
    /// still up, reads and writes succeed at once on fresh connections, and the change
    /// monitor, reconnected, reports the write made while it was away.
    @Test(.enabled(if: TestBackend.postgresURL != nil, TestBackend.postgresSkipReason))
    func aLostConnectionIsUnavailableThenRecovers() async throws {
        try await withStore(.postgresql) { (store, database) async throws in
            _ = try await store.publish(skin: "s", document: document("1"), author: "x")
            let seen = LockedState<[Int]>([])
            let monitor = try await store.changeMonitor { events in seen.withLock { $0 += events.map(\.seq) } }
            defer { monitor.stop() }

            let admin = try PostgresConnection(url: try #require(database.url))
            defer { admin.close() }
            let killed = try admin.scalarInt(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = ? AND pid <> pg_backend_pid()",
                [.text(try #require(database.schema))]
            ) ?? 0
            #expect(killed >= 3)  // the writer, the readers and the monitor

            // The server is up: every pooled connection reconnects on its next use, without a 503.
            for _ in 0..<3 {
                #expect(try await store.latestVersion(of: "s").number == 1)
            }
            #expect(try await store.publish(skin: "s", document: document("2"), author: "x") == 2)
            #expect(await eventually(timeout: .seconds(10)) { seen.withLock { $0.contains(2) } })
        }
    }
}
