/// How a transaction takes its locks (`BEGIN DEFERRED | IMMEDIATE | EXCLUSIVE`).
///
/// Every write uses ``immediate``: it takes the write lock up front, so that the reads the
/// write depends on (the next version number, an If-Match check) see the latest committed
/// state and cannot be invalidated by another writer before commit. With a deferred
/// transaction a read-then-write would fail late with `SQLITE_BUSY_SNAPSHOT`, which the busy
/// timeout cannot wait out. Reads use ``deferred`` to get one consistent WAL snapshot.
package enum TransactionKind: String, Sendable {
    case deferred = "DEFERRED"
    case immediate = "IMMEDIATE"
    case exclusive = "EXCLUSIVE"
}
