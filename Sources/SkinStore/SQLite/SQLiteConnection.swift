import CSQLite

/// One SQLite database connection: a thin wrapper over the C API, confined to one serial queue.
///
/// ## Why our own wrapper and not GRDB
/// The store runs about a dozen distinct queries. GRDB would bring a large module (its cold debug
/// build alone is ~25 s on the 2-core build machines, on every CI run), a record/query-builder
/// layer we would not use, and its own threading model (`DatabasePool` with its own queues and
/// reader pool) that we would have to reason about next to our Dispatch queues and long-poll
/// machinery. A 300-line wrapper gives exactly what the store needs: typed binds and reads,
/// statements finalized in `deinit`, a matchable ``SQLiteError``, `BEGIN IMMEDIATE`
/// transactions, the online backup API, and complete control over which thread touches which
/// handle.
///
/// ## Threading
/// Opened with `SQLITE_OPEN_NOMUTEX` (no per-call mutex): a connection is never shared. Each one
/// belongs to a ``ConnectionQueue`` and is only used inside blocks on that queue's serial
/// `DispatchQueue`, which is why the type is explicitly not `Sendable`.
///
/// ## Pragmas set at open
/// - `busy_timeout` (default 5000 ms): another process holding the write lock makes us wait,
///   not fail, unless it holds it for longer than that.
/// - `journal_mode=WAL` (writers only; it is persistent in the file): readers never block the
///   writer and the writer never blocks readers, across processes too.
/// - `synchronous=FULL`: in WAL mode, `NORMAL` may lose the last commits on power loss;
///   `FULL` fsyncs the WAL at every commit, so an acknowledged write survives `kill -9` and
///   power loss (docs/operations.md, "The database"). Publishes are rare; the fsync is a price worth paying.
/// - `foreign_keys=ON`: the schema's references are enforced.
package final class SQLiteConnection: SQLDatabase {
    package var dialect: SQLDialect { .sqlite }

    /// The raw `sqlite3*` handle; nil once closed.
    private(set) var handle: OpaquePointer?
    /// The file this connection opened.
    package let path: String
    /// Prepared statements kept for reuse, by SQL text.
    private var statementCache: [String: Statement] = [:]

    /// Opens (and, for writers, creates) the database at `path` and applies the connection pragmas.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - readOnly: open for queries only (`PRAGMA query_only`), e.g. for reader connections.
    ///     The file is still opened read-write, because WAL readers need to write the `-shm` index.
    ///   - create: create the file if it does not exist.
    ///   - walMode: switch the file to WAL (ignored for read-only connections, which use the
    ///     file's mode). Off only for backup targets, which must stay a single file.
    ///   - busyTimeoutMilliseconds: how long to wait for another connection's lock.
    /// - Throws: ``SQLiteError`` if the file cannot be opened or configured.
    package init(path: String, readOnly: Bool = false, create: Bool = true, walMode: Bool = true, busyTimeoutMilliseconds: Int = 5000) throws {
        self.path = path
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        if create {
            flags |= SQLITE_OPEN_CREATE
            if !readOnly { try Self.createPrivately(path) }
        }
        var database: OpaquePointer?
        let code = sqlite3_open_v2(path, &database, flags, nil)
        guard code == SQLITE_OK, let database else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            sqlite3_close_v2(database)
            throw SQLiteError(code: ResultCode(rawValue: code), message: message, sql: nil)
        }
        handle = database
        sqlite3_extended_result_codes(database, 1)
        do {
            // busy_timeout first: switching to WAL may itself need to wait for a lock.
            try execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
            if !readOnly && walMode {
                let mode = try scalarString("PRAGMA journal_mode = WAL")
                guard mode?.lowercased() == "wal" else {
                    throw SQLiteError(code: .error, message: "could not enable WAL (journal_mode is \(mode ?? "unknown"))", sql: nil)
                }
            }
            try execute("PRAGMA synchronous = FULL")
            try execute("PRAGMA foreign_keys = ON")
            if readOnly {
                try execute("PRAGMA query_only = ON")
            }
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Finalizes cached statements and closes the handle. Safe to call more than once.
    package func close() {
        statementCache.removeAll()
        if let handle {
            // close_v2: if a statement is still alive somewhere, the handle closes when it goes.
            sqlite3_close_v2(handle)
        }
        handle = nil
    }

    /// The open handle, or a `SQLITE_MISUSE` error once closed.
    func openHandle() throws -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(code: .misuse, message: "the connection is closed", sql: nil)
        }
        return handle
    }

    // MARK: Statements

    /// Prepares a new statement (finalized when the returned object is released).
    package func prepare(_ sql: String) throws -> Statement {
        try Statement(database: openHandle(), sql: sql)
    }

    /// A prepared statement for `sql`, reused across calls on this connection.
    /// Only for fixed SQL text: the cache is keyed by it and never evicts.
    package func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            return statement
        }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs one or more SQL statements without parameters (`sqlite3_exec`), e.g. a migration.
    package func execute(_ sql: String) throws {
        let database = try openHandle()
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(database, sql, nil, nil, &errorMessage)
        defer { sqlite3_free(errorMessage) }
        guard code == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(database))
            throw SQLiteError(code: ResultCode(rawValue: sqlite3_extended_errcode(database)), message: message, sql: sql)
        }
    }

    /// Runs one statement with `arguments`, ignoring any rows it returns; returns the rows changed.
    @discardableResult
    package func run(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        while try statement.step() {}
        return changes
    }

    /// Runs a query and maps every row with `row`, which reads columns of the statement.
    package func query<T>(_ sql: String, _ arguments: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T] {
        try rows(of: cachedStatement(sql), arguments, row: row)
    }

    /// ``query(_:_:row:)`` through a statement prepared for this call only.
    package func queryOnce<T>(_ sql: String, _ arguments: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T] {
        try rows(of: prepare(sql), arguments, row: row)
    }

    private func rows<T>(of statement: Statement, _ arguments: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T] {
        try statement.bind(arguments)
        defer { statement.reset() }
        var rows: [T] = []
        while try statement.step() {
            rows.append(try row(statement))
        }
        return rows
    }

    // MARK: Facts about the last statement

    /// Rows changed by the last INSERT, UPDATE or DELETE on this connection.
    package var changes: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool {
        handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}
