/// Savepoints: a part of a write transaction that can fail on its own. Plain SQL (`SAVEPOINT`,
/// `ROLLBACK TO`, `RELEASE`) that SQLite and PostgreSQL both speak.
extension SQLDatabase {
    /// Runs `body` inside `SAVEPOINT`: released when it returns, rolled back to (and released)
    /// when it throws, leaving the enclosing transaction as it was before `body`. Used where one
    /// transaction does several independent things (due schedules) and one failing must not undo
    /// the others.
    package func savepoint<T>(_ body: () throws -> T) throws -> T {
        try execute("SAVEPOINT livery_step")
        do {
            let result = try body()
            try execute("RELEASE SAVEPOINT livery_step")
            return result
        } catch {
            try? execute("ROLLBACK TO SAVEPOINT livery_step")
            try? execute("RELEASE SAVEPOINT livery_step")
            throw error
        }
    }
}
