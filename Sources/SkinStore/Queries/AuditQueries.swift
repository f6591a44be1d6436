/// The audit log table: one row per write, in the write's own transaction.
enum AuditQueries {
    /// Appends a row. Call inside the write's transaction.
    static func record(_ database: any SQLDatabase, at: String, actor: String, action: String, target: String, detail: String) throws {
        try database.run(
            "INSERT INTO audit_log (at, actor, action, target, detail) VALUES (?, ?, ?, ?, ?)",
            [.text(at), .text(actor), .text(action), .text(target), .text(detail)]
        )
    }

    /// Rows with `seq > after`, oldest first, at most `limit`.
    static func list(_ database: any SQLDatabase, after: Int, limit: Int) throws -> [AuditEntry] {
        try database.query(
            "SELECT seq, at, actor, action, target, detail FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?",
            [SQLValue(after), SQLValue(max(0, limit))]
        ) {
            AuditEntry(seq: $0.int(0), at: $0.string(1), actor: $0.string(2), action: $0.string(3), target: $0.string(4), detail: $0.string(5))
        }
    }
}
