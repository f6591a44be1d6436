/// Transactions, and the lock that serializes writes across every process.
extension PostgresConnection {
    /// The advisory lock key every write transaction takes (an arbitrary constant: "LVRY").
    ///
    /// Why one global lock and not row locks or SERIALIZABLE: it gives PostgreSQL exactly
    /// SQLite's `BEGIN IMMEDIATE` semantics, which the queries rely on. `max(number) + 1` is
    /// read and used under it, so numbers are gap-free with concurrent publishers on many
    /// machines; and event seqs are assigned and committed one transaction at a time, so a
    /// monitor that has read up to seq n can never later see a commit of a seq below n (with
    /// concurrent writers, identity values can commit out of order and `seq > n` catch-up would
    /// skip one). Writes are rare (publishes, activations); reads never take it.
    /// `pg_advisory_xact_lock` is released by COMMIT, ROLLBACK, or the session ending, so a
    /// writer killed mid-publish frees it as soon as the server notices.
    static let writeLockKey: Int64 = 0x4C56_5259

    /// `BEGIN`, the write lock, `body`, `COMMIT` (or `ROLLBACK` when `body` throws).
    package func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN; SELECT pg_advisory_xact_lock(\(Self.writeLockKey))", body)
    }

    /// A read-only snapshot (`REPEATABLE READ`): every query of `body` sees the same commits,
    /// as a SQLite read transaction does. Allowed on a hot standby.
    package func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    private func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        try beginRetryingStaleConnection(begin)
        let result: T
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK")
            }
            throw error
        }
        return result
    }

    /// Sends `begin`; when a connection that was fine until now turns out to be gone (the
    /// server restarted while it sat idle), connects again at once and sends it once more.
    /// Safe for writes too: nothing of the transaction reached the server. Without this, every
    /// idle connection of the pool would fail one request after a database restart.
    private func beginRetryingStaleConnection(_ begin: String) throws {
        let wasConnected = handle != nil
        do {
            try execute(begin)
        } catch StoreError.unavailable where wasConnected {
            allowImmediateReconnect()
            try execute(begin)
        }
    }
}
