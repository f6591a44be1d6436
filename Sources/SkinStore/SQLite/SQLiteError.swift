/// An error reported by SQLite: its (extended) result code, its message, and the SQL that failed.
///
/// Match on the code family to react to specific conditions:
/// ```swift
/// catch let error as SQLiteError where error.code.primary == .busy { … retry later … }
/// ```
package struct SQLiteError: SQLEngineError, Hashable, Sendable {
    /// The extended result code (e.g. `SQLITE_CONSTRAINT_UNIQUE`); see ``ResultCode/primary``.
    package let code: ResultCode
    /// `sqlite3_errmsg` at the time of the failure.
    package let message: String
    /// The statement that failed, when there was one. Never contains bound values (no secrets).
    package let sql: String?

    package init(code: ResultCode, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    package var description: String {
        var text = "SQLite error \(code.rawValue) (\(code.primary.description)): \(message)"
        if let sql {
            text += " [\(sql)]"
        }
        return text
    }
}
