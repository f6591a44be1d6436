/// A connection to one of the store's SQL backends: what the queries, the migrator and the
/// change monitors need, and nothing more.
///
/// Conformers (``SQLiteConnection``, ``PostgresConnection``) are not `Sendable`: each is
/// confined to the serial queue of a ``ConnectionQueue``.
///
/// ## Transactions
/// ``writeTransaction(_:)`` must give every write the same guarantee on both backends: the
/// writes of all processes are serialized, so a read inside the transaction (the next version
/// number, an If-Match check) cannot be invalidated before commit, and change-sequence numbers
/// commit in increasing order (a reader catching up with `seq > n` never skips one).
/// SQLite gets it from `BEGIN IMMEDIATE`, PostgreSQL from a transaction-scoped advisory lock.
/// ``readTransaction(_:)`` reads one consistent snapshot.
package protocol SQLDatabase: AnyObject {
    /// The SQL engine behind the connection.
    var dialect: SQLDialect { get }

    /// Closes the connection; later calls fail. Safe to call more than once.
    func close()

    /// Runs one or more statements without parameters (a migration's SQL).
    func execute(_ sql: String) throws

    /// Runs one statement with `arguments` (bound to `?` in order), ignoring rows it returns;
    /// returns the number of rows it inserted, updated or deleted.
    @discardableResult
    func run(_ sql: String, _ arguments: [SQLValue]) throws -> Int

    /// Runs a query and maps every row. `sql` is fixed text: connections may cache its
    /// prepared form for ever (use ``queryOnce(_:_:row:)`` for generated text).
    func query<T>(_ sql: String, _ arguments: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T]

    /// ``query(_:_:row:)`` for SQL text that varies (e.g. an `IN` list): never cached.
    func queryOnce<T>(_ sql: String, _ arguments: [SQLValue], row: (any SQLRow) throws -> T) throws -> [T]

    /// Runs `body` in a write transaction (see the protocol's docs); commits when it returns,
    /// rolls back when it throws.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T

    /// Runs `body` in a read-only transaction on one snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T
}

extension SQLDatabase {
    /// ``run(_:_:)`` without arguments.
    @discardableResult
    package func run(_ sql: String) throws -> Int {
        try run(sql, [])
    }

    /// ``query(_:_:row:)`` without arguments.
    package func query<T>(_ sql: String, row: (any SQLRow) throws -> T) throws -> [T] {
        try query(sql, [], row: row)
    }

    /// The first row mapped by `row`, or nil when there is none. Use with queries that return
    /// at most a few rows (a key lookup, `LIMIT 1`): the others are read and dropped.
    package func queryFirst<T>(_ sql: String, _ arguments: [SQLValue] = [], row: (any SQLRow) throws -> T) throws -> T? {
        try query(sql, arguments, row: row).first
    }

    /// The first column of the first row as an integer (nil when no row or NULL).
    package func scalarInt(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int? {
        try queryFirst(sql, arguments) { $0.optionalInt(0) } ?? nil
    }

    /// The first column of the first row as text (nil when no row or NULL).
    package func scalarString(_ sql: String, _ arguments: [SQLValue] = []) throws -> String? {
        try queryFirst(sql, arguments) { $0.optionalString(0) } ?? nil
    }
}
