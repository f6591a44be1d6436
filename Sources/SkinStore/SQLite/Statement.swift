import CSQLite

/// A prepared SQLite statement, finalized when released.
///
/// Bind with ``bind(_:)`` (which resets the statement first, so a cached statement can be
/// reused), then call ``step()`` until it returns `false`; read columns of the current row with
/// the typed readers. Like its connection, a statement is confined to the connection's queue.
package final class Statement: SQLRow {
    /// The raw statement handle.
    let handle: OpaquePointer
    /// The connection's handle, for error messages. Not a reference to the connection itself:
    /// the connection caches statements, and a back reference would be a cycle.
    /// `sqlite3_close_v2` keeps the handle alive while statements remain.
    private let database: OpaquePointer
    /// The SQL text, for error reports.
    package let sql: String

    init(database: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(code: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(database)), sql: sql)
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    /// Resets the statement, clears old bindings and binds `values` to parameters 1…n.
    package func bind(_ values: [SQLValue]) throws {
        reset()
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the 1-based parameter `index`.
    package func bind(_ value: SQLValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .integer(let number):
            code = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            code = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            code = text.utf8CString.withUnsafeBufferPointer { buffer in
                // The buffer ends with a NUL that is not part of the text.
                sqlite3_bind_text(handle, index, buffer.baseAddress, Int32(buffer.count - 1), SQLITE_TRANSIENT_DESTRUCTOR)
            }
        case .blob(let bytes):
            if bytes.isEmpty {
                // A nil pointer would bind NULL; an empty blob is a zero-length blob.
                code = sqlite3_bind_zeroblob(handle, index, 0)
            } else {
                code = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), SQLITE_TRANSIENT_DESTRUCTOR)
                }
            }
        case .null:
            code = sqlite3_bind_null(handle, index)
        }
        try check(code)
    }

    // MARK: Stepping

    /// Advances to the next row: `true` when a row is available, `false` when done.
    @discardableResult
    package func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            let error = makeError(code)
            reset()
            throw error
        }
    }

    /// Resets the statement so it can run again; also releases its read snapshot.
    package func reset() {
        sqlite3_reset(handle)
    }

    // MARK: Reading the current row (columns are 0-based)

    package func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    package func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    package func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    package func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    package func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column as a ``SQLValue`` of its stored class.
    package func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(int64(column))
        case SQLITE_FLOAT: .real(double(column))
        case SQLITE_TEXT: .text(string(column))
        case SQLITE_BLOB: .blob(blob(column))
        default: .null
        }
    }

    // MARK: Errors

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw makeError(code) }
    }

    private func makeError(_ code: Int32) -> SQLiteError {
        // sqlite3_step returns the extended code because extended codes are enabled.
        SQLiteError(code: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(database)), sql: sql)
    }
}

@available(*, unavailable)
extension Statement: Sendable {}

/// `SQLITE_TRANSIENT`: SQLite copies bound bytes before the call returns. The C macro is a
/// cast of -1 to a function pointer, which Swift does not import.
let SQLITE_TRANSIENT_DESTRUCTOR = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
