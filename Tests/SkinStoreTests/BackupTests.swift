import Foundation
import TestSupport
import Testing
@testable import SkinStore

@Suite("Backup and health")
struct BackupTests {
    @Test func backupProducesAnIntactCopyWhileWritesContinue() async throws {
        try await withStore { (store, directory) async throws in
            for index in 1...50 {
                _ = try await store.publish(skin: "s", document: Array(repeating: UInt8(index), count: 20_000), author: "x")
            }
            let target = directory.file("backups/nested/copy.sqlite")
            // Keep writing while the backup runs: it must neither block them nor fail.
            async let writes: Void = {
                for index in 51...80 {
                    _ = try await store.publish(skin: "s", document: document("\(index)"), author: "x")
                }
            }()
            try await store.backup(to: target)
            try await writes

            #expect(!FileManager.default.fileExists(atPath: target + ".partial"))
            let copy = try SQLiteConnection(path: target, create: false)
            #expect(try copy.scalarString("PRAGMA integrity_check") == "ok")
            let versions = try copy.scalarInt("SELECT count(*) FROM versions") ?? 0
            #expect(versions >= 50 && versions <= 80)
            #expect(try copy.scalarInt("SELECT count(*) FROM livery_migrations") == Migration.embedded.count)
            copy.close()

            // The copy opens as a store.
            let restored = try SkinStore(path: target, logger: quietLogger)
            defer { restored.close() }
            #expect(try await restored.integrityCheck() == "ok")
            #expect(try await restored.version(50, of: "s").document == Array(repeating: 50, count: 20_000))
        }
    }

    @Test func backupReplacesAnExistingFile() async throws {
        try await withStore { (store, directory) async throws in
            let target = directory.file("copy.sqlite")
            try Data("not a database".utf8).write(to: URL(fileURLWithPath: target))
            _ = try await store.publish(skin: "s", document: document("1"), author: "x")
            try await store.backup(to: target)
            let copy = try SQLiteConnection(path: target, create: false)
            #expect(try copy.scalarInt("SELECT count(*) FROM versions") == 1)
        }
    }

    /// PostgreSQL's backup is pg_dump's custom format: a consistent snapshot, restored with
    /// pg_restore. The archive must list every table's data, with the versions in it.
    @Test(.enabled(if: TestBackend.postgresURL != nil, TestBackend.postgresSkipReason))
    func postgresBackupIsACompleteDump() async throws {
        try await withStore(.postgresql) { (store, directory) async throws in
            _ = try await store.publish(skin: "s", document: document("1"), author: "x")
            let target = directory.file("dump/livery.pgdump")
            try await store.backup(to: target)
            #expect(!FileManager.default.fileExists(atPath: target + ".partial"))
            let archive = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(archive.starts(with: Array("PGDMP".utf8)))
            let listing = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["pg_restore", "--list", target], timeout: 120)
            #expect(listing.status == 0, "pg_restore --list: \(listing.stderr)")
            let text = listing.stdout
            for table in ["versions", "events", "audit_log", "api_tokens", "assets", "livery_migrations"] {
                #expect(text.contains("TABLE DATA \(directory.schema ?? "") \(table)"), "\(table) missing from the dump")
            }
        }
    }

    @Test(arguments: TestBackend.available) func integrityCheckAndReadiness(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let integrity = try await store.integrityCheck()
            #expect(integrity == "ok")
            #expect(await store.readiness().isReady)
        }
    }

    @Test func theDatabaseDirectoryIsCreated() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("a/b/c/livery.sqlite")
        let store = try await SkinStore.open(path: path, logger: quietLogger)
        await store.close()
        #expect(FileManager.default.fileExists(atPath: path))
        await #expect(throws: StoreError.closed) { try await store.listSkins() }
    }
}
