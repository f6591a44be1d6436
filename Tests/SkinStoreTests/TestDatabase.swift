import Foundation
@testable import SkinStore
import Synchronization
import Testing
import TestSupport

/// The backends the store suite runs on: SQLite always, PostgreSQL when
/// `LIVERY_TEST_POSTGRES_URL` names a server to use (CI starts a throwaway cluster; see
/// scripts/postgres-cluster.sh).
enum TestBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgresql

    /// The PostgreSQL server for tests, if any.
    static let postgresURL: String? = ProcessInfo.processInfo.environment["LIVERY_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// Every backend that can run here: the arguments of the parameterised store tests.
    static let available: [TestBackend] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgresql]

    /// Why PostgreSQL tests are skipped, for `.enabled(if:)` traits.
    static let postgresSkipReason: Comment = "LIVERY_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against"

    var testDescription: String { rawValue }
}

/// A fresh, empty database for one test: a SQLite file in a temporary directory, or a schema of
/// its own on the test PostgreSQL server (so tests run in parallel without seeing each
/// other's rows). Made and removed off the cooperative pool (``make(_:)``, ``remove()``): a
/// PostgreSQL statement waits seconds on a loaded machine, and on a task it held one of the
/// pool's few threads, which every server in the test process needs.
final class TestDatabase: Sendable {
    let kind: TestBackend
    /// Scratch space for the test (backup targets, the SQLite file).
    let directory: TemporaryDirectory
    /// The PostgreSQL schema, or nil for SQLite.
    let schema: String?
    private let removed = Atomic(false)

    /// A fresh database of `kind`, its schema created on a thread of its own.
    static func make(_ kind: TestBackend) async throws -> TestDatabase {
        try await onThread { try TestDatabase(kind) }
    }

    private init(_ kind: TestBackend) throws {
        self.kind = kind
        directory = try TemporaryDirectory()
        switch kind {
        case .sqlite:
            schema = nil
        case .postgresql:
            guard let url = TestBackend.postgresURL else {
                throw PostgresError(sqlState: "", message: "LIVERY_TEST_POSTGRES_URL is not set")
            }
            let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let admin = try PostgresConnection(url: url, connectTimeoutSeconds: 20)
            defer { admin.close() }
            try admin.execute("CREATE SCHEMA \(name)")
            schema = name
        }
    }

    /// Drops the schema (PostgreSQL) on a thread of its own; the scratch folder goes when released.
    func remove() async {
        guard schema != nil, !removed.exchange(true, ordering: .relaxed) else { return }
        try? await onThread { [self] in dropSchema() }
    }

    /// The fallback for a test that did not call ``remove()``.
    deinit {
        if !removed.load(ordering: .relaxed) { dropSchema() }
    }

    private func dropSchema() {
        guard let schema, let url = TestBackend.postgresURL, let admin = try? PostgresConnection(url: url, connectTimeoutSeconds: 20) else { return }
        try? admin.execute("DROP SCHEMA \(schema) CASCADE")
        admin.close()
    }

    /// A path inside the scratch directory.
    func file(_ name: String) -> String {
        directory.file(name)
    }

    /// The connection URL of this test's schema (PostgreSQL only).
    var url: String? {
        guard let schema, let base = TestBackend.postgresURL else { return nil }
        // application_name too, so a test can find (and terminate) its own connections only.
        return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)&application_name=\(schema)"
    }

    /// A backend on this database; each call is a separate "process" for the store.
    func backend() -> any StoreBackend {
        if let url {
            return PostgresBackend(url: url)
        }
        return SQLiteBackend(path: file("db/livery.sqlite"))
    }

    /// Opens (and migrates) a store on this database.
    func openStore(readerCount: Int = 2, migrateAtOpen: Bool = true) throws -> SkinStore {
        try SkinStore(backend: backend(), readerCount: readerCount, migrateAtOpen: migrateAtOpen, logger: quietLogger)
    }
}
