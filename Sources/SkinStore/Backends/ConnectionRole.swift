/// What a connection is for, which decides where and how a backend opens it.
package enum ConnectionRole: Sendable, Hashable {
    /// The one connection that writes (and migrates).
    case writer
    /// A query-only connection; PostgreSQL opens it on `database.readUrl` when set (a hot standby).
    case reader
    /// A change monitor's connection (polling SQLite, `LISTEN`ing on PostgreSQL's primary).
    case monitor
}
