/// Transactions.
extension SQLiteConnection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// Writes use `.immediate` (see ``TransactionKind``). Transactions do not nest: calling this
    /// inside another transaction is a programming error and fails with SQLite's own error.
    @discardableResult
    package func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
            try execute("COMMIT TRANSACTION")
        } catch {
            // SQLite may already have rolled back (e.g. after SQLITE_FULL); only roll back if not.
            if isInTransaction {
                try? execute("ROLLBACK TRANSACTION")
            }
            throw error
        }
        return result
    }

    /// `BEGIN IMMEDIATE`: the write lock up front, shared by every process on the file.
    package func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(.immediate, body)
    }

    /// `BEGIN DEFERRED`: one WAL snapshot from the first read on.
    package func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(.deferred, body)
    }
}
