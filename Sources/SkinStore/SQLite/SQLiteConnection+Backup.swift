import CSQLite
import Foundation

/// The online backup API.
extension SQLiteConnection {
    /// Copies this connection's `main` database into `destination` with `sqlite3_backup_*`,
    /// `pagesPerStep` pages at a time.
    ///
    /// The copy runs inside one read transaction on this connection, so all steps read the same
    /// WAL snapshot: the backup is consistent as of its start and never restarts, whatever other
    /// connections or processes write meanwhile. In WAL mode a reader blocks neither readers
    /// nor writers (it only keeps checkpoints from recycling the WAL past its snapshot), so
    /// nothing waits for the backup. Between steps the loop sleeps `pauseMicroseconds` so a
    /// large copy leaves I/O bandwidth to the server.
    ///
    /// - Parameter destination: an open connection to the target file; its content is replaced.
    package func backup(into destination: SQLiteConnection, pagesPerStep: Int32 = 256, pauseMicroseconds: UInt32 = 0) throws {
        let source = try openHandle()
        let target = try destination.openHandle()
        try transaction(.deferred) {
            // Start the read transaction now (BEGIN DEFERRED alone takes no snapshot).
            _ = try scalarInt("SELECT count(*) FROM sqlite_schema")
            guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
                throw SQLiteError(code: ResultCode(rawValue: sqlite3_extended_errcode(target)), message: String(cString: sqlite3_errmsg(target)), sql: nil)
            }
            var code: Int32 = SQLITE_OK
            repeat {
                code = sqlite3_backup_step(backup, pagesPerStep)
                if code == SQLITE_OK, pauseMicroseconds > 0 {
                    usleep(pauseMicroseconds)
                } else if code == SQLITE_BUSY || code == SQLITE_LOCKED {
                    // The destination is locked by someone else; wait and retry.
                    usleep(10_000)
                    code = SQLITE_OK
                }
            } while code == SQLITE_OK
            let finish = sqlite3_backup_finish(backup)
            guard code == SQLITE_DONE, finish == SQLITE_OK else {
                let failed = code == SQLITE_DONE ? finish : code
                throw SQLiteError(code: ResultCode(rawValue: failed), message: String(cString: sqlite3_errmsg(target)), sql: nil)
            }
        }
    }
}
