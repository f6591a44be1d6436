import CSQLite

/// A SQLite result code, primary or extended, that callers can match on.
///
/// SQLite reports extended codes (for example `SQLITE_CONSTRAINT_UNIQUE`) because every
/// connection enables them; ``primary`` folds one back to its family so that
/// `error.code.primary == .constraint` matches any constraint violation.
package struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code: the low 8 bits of an extended code.
    package var primary: ResultCode {
        ResultCode(rawValue: rawValue & 0xFF)
    }

    /// SQLite's English name for the code, e.g. "database is locked".
    package var description: String {
        String(cString: sqlite3_errstr(rawValue))
    }

    package static let ok = ResultCode(rawValue: SQLITE_OK)
    package static let error = ResultCode(rawValue: SQLITE_ERROR)
    package static let busy = ResultCode(rawValue: SQLITE_BUSY)
    package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    package static let full = ResultCode(rawValue: SQLITE_FULL)
    package static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    package static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    package static let row = ResultCode(rawValue: SQLITE_ROW)
    package static let done = ResultCode(rawValue: SQLITE_DONE)
}
