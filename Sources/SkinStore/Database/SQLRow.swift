/// One row of a query's result, as the store's queries read it: typed columns by 0-based index.
///
/// Both backends' rows conform (a SQLite ``Statement`` positioned on a row, a PostgreSQL
/// ``PostgresRow``), so every query in `Queries/` is written once. A row is only valid inside
/// the `row:` closure it is handed to.
package protocol SQLRow {
    /// Whether the column is NULL.
    func isNull(_ column: Int32) -> Bool
    /// An integer column (0 for NULL).
    func int64(_ column: Int32) -> Int64
    /// A text column ("" for NULL).
    func string(_ column: Int32) -> String
    /// A BLOB / `bytea` column (empty for NULL).
    func blob(_ column: Int32) -> [UInt8]
    /// The column as the ``SQLValue`` its type maps to (for tests and diagnostics).
    func value(_ column: Int32) -> SQLValue
}

extension SQLRow {
    package func int(_ column: Int32) -> Int {
        Int(int64(column))
    }

    package func optionalInt(_ column: Int32) -> Int? {
        isNull(column) ? nil : int(column)
    }

    package func optionalString(_ column: Int32) -> String? {
        isNull(column) ? nil : string(column)
    }
}
