/// An error reported by PostgreSQL or libpq: the SQLSTATE, the message, and the SQL that failed.
///
/// Match on ``sqlState`` (e.g. `"23505"` unique violation, `"40001"` serialization failure).
/// Losing the connection is not reported this way: the store turns it into
/// ``StoreError/unavailable(reason:)`` (a 503), see ``isConnectionFailure``.
package struct PostgresError: SQLEngineError, Hashable, Sendable {
    /// The five-character SQLSTATE, or "" when libpq failed before the server answered.
    package let sqlState: String
    /// The primary message (PostgreSQL's or libpq's), without bound values.
    package let message: String
    /// The statement that failed, when there was one. Never contains bound values (no secrets).
    package let sql: String?

    package init(sqlState: String, message: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// Whether the error means the server went away rather than that the statement was wrong:
    /// class 08 (connection exception), 57P01–57P03 (shut down, crash, cannot connect now),
    /// or a libpq failure with no SQLSTATE.
    package var isConnectionFailure: Bool {
        sqlState.isEmpty || sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    package var description: String {
        var text = "PostgreSQL error \(sqlState.isEmpty ? "(no SQLSTATE)" : sqlState): \(message)"
        if let sql {
            text += " [\(sql)]"
        }
        return text
    }
}
