import CLibPQ
import Foundation

/// One PostgreSQL connection through libpq, confined to one serial queue like ``SQLiteConnection``.
///
/// ## Why libpq and not PostgresNIO
/// Livery has no SwiftNIO anywhere (its HTTP engine is its own), and the store already runs
/// every call on Dispatch queues of its own: blocking libpq calls fit that model exactly,
/// as SQLite's do, and the library is one `apt install` (libpq-dev) on every distribution.
///
/// ## Statements
/// Queries are written once for both engines with `?` placeholders; they are numbered `$1…$n`
/// here (cached per SQL text) and sent with `PQexecParams`: parameters typed (int8, float8,
/// text, bytea in binary), results in binary format (see ``PostgresRow``).
///
/// ## Losing the server
/// A failure that means the server went away (``PostgresError/isConnectionFailure``) closes
/// the handle and throws ``StoreError/unavailable(reason:)``. The next call reconnects,
/// at most as often as ``ReconnectBackoff`` allows; until then calls fail at once with the
/// same error, so the server answers 503 quickly instead of stalling on connect timeouts.
/// A statement is never retried: whether a write whose commit was cut off committed is
/// decided by the database, and a client that got 503 may publish again.
package final class PostgresConnection: SQLDatabase {
    package var dialect: SQLDialect { .postgresql }

    /// libpq's connection parameters: ours first, then the URL (expanded by libpq), which wins.
    private let keywords: [String]
    private let values: [String]
    /// The raw `PGconn*`; nil when closed or lost.
    private(set) var handle: OpaquePointer?
    private var backoff = ReconnectBackoff()
    private var isClosed = false
    /// `?`-placeholder SQL → `$n` SQL.
    private var numbered: [String: String] = [:]

    /// Connects to `url` (`postgresql://user@host:port/db?…`, or libpq's `key=value` form).
    ///
    /// - Parameter connectTimeoutSeconds: libpq's `connect_timeout` (an unreachable host
    ///   otherwise waits for the operating system's TCP timeout).
    /// - Throws: ``StoreError/unavailable(reason:)`` when the server cannot be reached,
    ///   ``PostgresError`` when it refuses (bad password, unknown database).
    package init(url: String, connectTimeoutSeconds: Int = 3) throws {
        keywords = ["connect_timeout", "application_name", "dbname"]
        values = ["\(connectTimeoutSeconds)", "livery", url]
        try connect()
    }

    deinit {
        close()
    }

    package func close() {
        isClosed = true
        dropHandle()
    }

    private func dropHandle() {
        if let handle {
            PQfinish(handle)
        }
        handle = nil
    }

    /// The connected handle: reconnects when lost and the backoff allows.
    func connectedHandle() throws -> OpaquePointer {
        if isClosed {
            throw StoreError.closed
        }
        if let handle, PQstatus(handle) == CONNECTION_OK {
            return handle
        }
        dropHandle()
        guard backoff.mayAttempt(at: .now) else {
            throw StoreError.unavailable(reason: "the database is unreachable; retrying")
        }
        try connect()
        guard let handle else { throw StoreError.unavailable(reason: "the database is unreachable") }
        return handle
    }

    /// Lets the next call reconnect without waiting for the backoff (a stale idle connection
    /// is not evidence that the server is down).
    func allowImmediateReconnect() {
        backoff.succeeded()
    }

    private func connect() throws {
        let connection = withCStringArray(keywords) { keywordPointers in
            withCStringArray(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { String(cString: PQerrorMessage($0)).trimmingTrailingNewlines() } ?? "out of memory"
            PQfinish(connection)
            backoff.failed(at: .now)
            // Authentication and unknown-database failures are configuration errors, not outages,
            // but libpq reports them the same way; the message says which.
            throw StoreError.unavailable(reason: "cannot connect to PostgreSQL: \(message)")
        }
        // Notices (e.g. "relation already exists, skipping") would go to stderr by default.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        handle = connection
        backoff.succeeded()
    }

    // MARK: Statements

    package func execute(_ sql: String) throws {
        let handle = try connectedHandle()
        _ = try check(PQexec(handle, sql), sql: sql)
    }

    @discardableResult
    package func run(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        try send(numberedSQL(sql), arguments).affectedRows
    }

    package func query<T>(_ sql: String, _ arguments: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T] {
        let result = try send(numberedSQL(sql), arguments)
        return try (0..<Int32(result.rowCount)).map { try row(PostgresRow(result: result, row: $0)) }
    }

    package func queryOnce<T>(_ sql: String, _ arguments: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T] {
        let result = try send(Self.numberPlaceholders(sql), arguments)
        return try (0..<Int32(result.rowCount)).map { try row(PostgresRow(result: result, row: $0)) }
    }

    private func numberedSQL(_ sql: String) -> String {
        if let cached = numbered[sql] {
            return cached
        }
        let text = Self.numberPlaceholders(sql)
        numbered[sql] = text
        return text
    }

    /// Sends one statement with its parameters; results come back in binary format.
    private func send(_ sql: String, _ arguments: [SQLValue]) throws -> PostgresResult {
        let handle = try connectedHandle()
        let parameters = PostgresParameters(arguments)
        defer { parameters.deallocate() }
        let raw = PQexecParams(
            handle, sql, Int32(arguments.count), parameters.types, parameters.values, parameters.lengths, parameters.formats, 1
        )
        return try check(raw, sql: sql)
    }

    /// Wraps a result, turning failures into typed errors (see the type's docs for lost connections).
    func check(_ raw: OpaquePointer?, sql: String?) throws -> PostgresResult {
        guard let raw else {
            throw connectionLost(PostgresError(sqlState: "", message: handle.map { String(cString: PQerrorMessage($0)) } ?? "no connection", sql: sql))
        }
        let result = PostgresResult(raw)
        guard result.succeeded else {
            let error = result.error(sql: sql)
            if error.isConnectionFailure || handle.map({ PQstatus($0) != CONNECTION_OK }) == true {
                throw connectionLost(error)
            }
            throw error
        }
        return result
    }

    private func connectionLost(_ error: PostgresError) -> StoreError {
        dropHandle()
        backoff.failed(at: .now)
        return .unavailable(reason: "the database connection was lost: \(error.message)")
    }

    /// Whether a transaction is open (or failed and not yet rolled back) on this connection.
    var isInTransaction: Bool {
        guard let handle else { return false }
        return PQtransactionStatus(handle) != PQTRANS_IDLE && PQtransactionStatus(handle) != PQTRANS_UNKNOWN
    }
}

@available(*, unavailable)
extension PostgresConnection: Sendable {}

/// Calls `body` with a C array of C strings valid for the call (libpq copies what it keeps).
private func withCStringArray<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { $0.map { UnsafePointer($0) } } + [nil])
}
