import Foundation
import SkinStore
import TestSupport
import Testing

/// The PostgreSQL commands of docs/operations.md, run as written against a real server (the one
/// `LIVERY_TEST_POSTGRES_URL` names, whose user is a superuser as `postgres` is): the setup in
/// "PostgreSQL, for several machines" (the role owns its database: `GRANT ALL` fails on 15+)
/// and the backup and restore of "Backups" (`pg_restore` into a fresh database exits 0).
///
/// `sudo -u postgres CMD` becomes CMD as the test server's superuser (PGHOST, PGPORT, PGUSER)
/// and the docs' host `db.example.com` the test server's `host:port`.
/// `.offThePool`: the databases are made and dropped synchronously.
@Suite(.serialized, .offThePool, .enabled(if: postgresTestURL != nil, "LIVERY_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against"))
struct PostgresSetupTests {
    /// The `$ ` lines of each console block marked as run by this test, in order.
    static func documentedCommands() throws -> [[String]] {
        let text = try Documentation.text(of: "docs/operations.md")
        let marker = "Tests/LiveryCLITests/PostgresSetupTests.swift runs these commands"
        return text.components(separatedBy: marker).dropFirst().map { part in
            let block = part.components(separatedBy: "```console\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
            return block.split(separator: "\n").filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) }
        }
    }

    @Test func theDocumentedSetupBackupAndRestoreWork() async throws {
        let baseURL = try #require(postgresTestURL)
        let base = try #require(URLComponents(string: baseURL))
        let host = base.host ?? "127.0.0.1", port = base.port ?? 5432, superuser = base.user ?? "postgres"
        let blocks = try Self.documentedCommands()
        try #require(blocks.count == 2, "the setup block and the restore block")
        #expect(blocks[0].contains { $0.contains("createdb --owner=livery livery") })

        func admin(_ sql: String) throws {
            let connection = try PostgresConnection(url: baseURL, connectTimeoutSeconds: 20)
            defer { connection.close() }
            try connection.execute(sql)
        }
        func clean() throws {
            try admin("DROP DATABASE IF EXISTS livery_restored WITH (FORCE)")
            try admin("DROP DATABASE IF EXISTS livery WITH (FORCE)")
            try admin(
                "DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'livery') THEN DROP OWNED BY livery; DROP ROLE livery; END IF; END $$")
        }
        try clean()
        defer { try? clean() }

        try await CLI.inTemporaryDirectory { folder in
            let binaries = CLI.binary.deletingLastPathComponent().path
            let prelude = """
                set -euo pipefail
                export PATH="\(binaries):$PATH" PGHOST=\(host) PGPORT=\(port)
                sudo() { [ "$1" = -u ] && shift 2; PGUSER=\(superuser) "$@"; }

                """
            for (index, commands) in blocks.enumerated() {
                // Later blocks run in the shell state the earlier left, as a reader's terminal would.
                let script = prelude + (index > 0 ? "source .state\n" : "") + commands.map { $0.replacingOccurrences(of: "db.example.com", with: "\(host):\(port)") }
                    .joined(separator: "\n")
                let run = try await ChildProcess.run(
                    URL(fileURLWithPath: "/bin/bash"), ["-c", script + "\nexport -p > .state"],
                    environment: CLI.environment(), directory: folder)
                #expect(run.status == 0, "block \(index + 1) failed: \(run.stderr)")
                if index == 0 {
                    let state = (try? String(contentsOf: folder.appendingPathComponent(".state"), encoding: .utf8)) ?? ""
                    let url = state.split(separator: "\n").first { $0.contains("LIVERY_DATABASE_URL") }.map(String.init) ?? ""
                    #expect(url.contains("livery@\(host):\(port)/livery"))
                }
            }
            let dump = folder.appendingPathComponent("livery.dump").path
            let mode = (try FileManager.default.attributesOfItem(atPath: dump)[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o600, "a dump holds token hashes")
        }

        // The restored database is Livery's, whole: it opens without migrating and holds the token.
        var restored = base
        restored.user = "livery"
        restored.path = "/livery_restored"
        let restoredURL = try #require(restored.string)
        let store = try SkinStore(
            backend: PostgresBackend(url: restoredURL), readerCount: 1, migrateAtOpen: false, logger: .init(label: "t"))
        defer { store.close() }
        #expect(try await store.integrityCheck() == "ok")
        #expect(try await store.listTokens().map(\.name) == ["ana"])
    }
}
