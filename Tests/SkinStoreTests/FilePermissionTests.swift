import Foundation
import TestSupport
import Testing
@testable import SkinStore

/// The SQLite database, its WAL and shared-memory files, the folder Livery makes for them and
/// `livery backup` copies are readable by their owner only (docs/operations.md, "The database"):
/// they hold token hashes, the audit log and unpublished documents.
@Suite("Files are created 0600")
struct FilePermissionTests {
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func theDatabaseItsWALAndBackupsAreOwnerOnly() async throws {
        let directory = try TemporaryDirectory()
        // The usual umask, whatever the test runner's: SQLite alone would create 0644 files.
        let previous = umask(0o022)
        defer { umask(previous) }
        let path = directory.file("data/nested/livery.sqlite")
        let store = try SkinStore(backend: SQLiteBackend(path: path), logger: quietLogger)
        _ = try await store.publish(skin: "s", document: document("123456"), author: "x")
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file)")
            #expect(try Self.mode(file) == 0o600, "\(file)")
        }
        #expect(try Self.mode(directory.file("data/nested")) == 0o700, "a folder Livery creates is its own")

        let copy = directory.file("backups/copy.sqlite")
        try await store.backup(to: copy)
        #expect(try Self.mode(copy) == 0o600)
        await store.close()
    }

    @Test func anExistingDatabaseKeepsTheModeItsOperatorChose() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("shared.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
        let connection = try SQLiteConnection(path: path)
        connection.close()
        #expect(try Self.mode(path) == 0o640)
    }
}
