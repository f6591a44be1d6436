/// An error reported by a database engine (``SQLiteError``, ``PostgresError``): each keeps its
/// own typed code (SQLite result code, PostgreSQL SQLSTATE) for callers that match on it; this
/// is what code that handles either engine's failures may rely on.
package protocol SQLEngineError: Error, CustomStringConvertible {
    /// The engine's message, without the SQL or any bound value.
    var message: String { get }
}
