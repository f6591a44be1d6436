import Testing
@testable import SkinStore

@Suite("SQLite wrapper")
struct SQLiteConnectionTests {
    @Test func valuesRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteConnection(path: directory.file("values.sqlite"))
        try database.execute("CREATE TABLE t (v)")
        let values: [SQLValue] = [
            .integer(Int64.max), .integer(-42), .real(1.5), .text("héllo ✓"), .text(""), .text("a\u{0}b"),
            .blob([0, 1, 2, 255]), .blob([]), .null,
        ]
        for value in values {
            try database.run("INSERT INTO t (v) VALUES (?)", [value])
        }
        let read = try database.query("SELECT v FROM t ORDER BY rowid") { $0.value(0) }
        #expect(read == values)
    }

    @Test func pragmasAreSetAtOpen() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteConnection(path: directory.file("pragmas.sqlite"), busyTimeoutMilliseconds: 1234)
        #expect(try database.scalarString("PRAGMA journal_mode") == "wal")
        #expect(try database.scalarInt("PRAGMA synchronous") == 2)  // FULL
        #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
        #expect(try database.scalarInt("PRAGMA busy_timeout") == 1234)
        let reader = try SQLiteConnection(path: directory.file("pragmas.sqlite"), readOnly: true, create: false)
        #expect(try reader.scalarInt("PRAGMA query_only") == 1)
        #expect(throws: SQLiteError.self) { try reader.execute("CREATE TABLE nope (x)") }
    }

    @Test func constraintErrorsAreMatchable() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteConnection(path: directory.file("errors.sqlite"))
        try database.execute("CREATE TABLE t (k TEXT UNIQUE)")
        try database.run("INSERT INTO t VALUES (?)", ["a"])
        do {
            try database.run("INSERT INTO t VALUES (?)", ["a"])
            Issue.record("expected a constraint error")
        } catch let error as SQLiteError {
            #expect(error.code.primary == .constraint)
            #expect(error.code != .constraint)  // extended: SQLITE_CONSTRAINT_UNIQUE
            #expect(error.message.contains("UNIQUE"))
            #expect(error.sql == "INSERT INTO t VALUES (?)")
        }
    }

    @Test func busyIsReportedAfterTheTimeout() throws {
        let directory = try TemporaryDirectory()
        let first = try SQLiteConnection(path: directory.file("busy.sqlite"))
        let second = try SQLiteConnection(path: directory.file("busy.sqlite"), busyTimeoutMilliseconds: 50)
        try first.execute("CREATE TABLE t (x)")
        try first.execute("BEGIN IMMEDIATE")
        defer { try? first.execute("ROLLBACK") }
        do {
            try second.execute("BEGIN IMMEDIATE")
            Issue.record("expected SQLITE_BUSY")
        } catch let error as SQLiteError {
            #expect(error.code.primary == .busy)
        }
    }

    @Test func transactionsRollBackWhenTheBodyThrows() throws {
        struct Boom: Error {}
        let directory = try TemporaryDirectory()
        let database = try SQLiteConnection(path: directory.file("tx.sqlite"))
        try database.execute("CREATE TABLE t (x)")
        #expect(throws: Boom.self) {
            try database.transaction(.immediate) {
                try database.run("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(!database.isInTransaction)
        #expect(try database.scalarInt("SELECT count(*) FROM t") == 0)
        try database.transaction(.immediate) { try database.run("INSERT INTO t VALUES (1)") }
        #expect(try database.scalarInt("SELECT count(*) FROM t") == 1)
    }

    @Test func closedConnectionsFailWithMisuse() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteConnection(path: directory.file("closed.sqlite"))
        database.close()
        #expect(throws: SQLiteError(code: .misuse, message: "the connection is closed")) { try database.execute("SELECT 1") }
    }
}
