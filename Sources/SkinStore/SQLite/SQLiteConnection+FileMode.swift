#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Database files readable by their owner only (docs/operations.md, "The database").
///
/// SQLite creates a new database as 0644 less the umask, so on a usual system every local user
/// could read the token hashes, the audit log and every unpublished draft. SQLite gives its
/// `-wal`, `-shm` and `-journal` files the mode of the database file itself, so creating the
/// database file first, empty and 0600, makes all of them 0600; backups are made the same way.
extension SQLiteConnection {
    /// Creates `path` as an empty file of mode 0600 when it does not exist yet (SQLite reads an
    /// empty file as a new database). An existing file keeps its mode: an operator may have
    /// chosen another. Names SQLite treats specially (`:memory:`, `file:` URIs, "") are left alone.
    static func createPrivately(_ path: String) throws {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            // The mode passed to open is reduced by the umask; 0600 less any umask is at most 0600.
            closeDescriptor(fd)
            return
        }
        guard errno == EEXIST else {
            let reason = String(cString: strerror(errno))
            throw SQLiteError(code: .cantOpen, message: "cannot create \(path): \(reason)", sql: nil)
        }
    }

    private static func closeDescriptor(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }
}
