import CLibPQ

/// A `PGresult` that is cleared when released. Results are requested in binary format, so
/// integers arrive as big-endian bytes and `bytea` as raw bytes, with no text round trip.
final class PostgresResult {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    /// Rows in the result.
    var rowCount: Int {
        Int(PQntuples(handle))
    }

    /// Rows an INSERT, UPDATE or DELETE affected (0 for other statements).
    var affectedRows: Int {
        Int(String(cString: PQcmdTuples(handle))) ?? 0
    }

    /// Whether the statement succeeded.
    var succeeded: Bool {
        switch PQresultStatus(handle) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: true
        default: false
        }
    }

    /// The error the result carries (SQLSTATE and primary message).
    func error(sql: String?) -> PostgresError {
        // PG_DIAG_SQLSTATE and PG_DIAG_MESSAGE_PRIMARY are the characters 'C' and 'M'.
        let state = PQresultErrorField(handle, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let message = PQresultErrorField(handle, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? String(cString: PQresultErrorMessage(handle)).trimmingTrailingNewlines()
        return PostgresError(sqlState: state, message: message, sql: sql)
    }
}

@available(*, unavailable)
extension PostgresResult: Sendable {}

extension String {
    /// libpq's messages end with a newline.
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last?.isNewline == true {
            text.removeLast()
        }
        return text
    }
}
