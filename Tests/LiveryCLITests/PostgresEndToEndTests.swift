import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import SkinStore
import Testing
import TestSupport

/// Two real `livery serve` processes on one PostgreSQL database (docs/operations.md, "Shutdown, several processes, caches and balancers"): numbering under
/// concurrent publishers in both, long-polls woken across processes, the database going away
/// under a running server, and `kill -9` in the middle of publishes. Each test has a database of
/// its own on the server `LIVERY_TEST_POSTGRES_URL` names (CI starts one); without it they skip.
/// The PostgreSQL server for these tests, if any.
let postgresTestURL = ProcessInfo.processInfo.environment["LIVERY_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

/// `.offThePool`: each test's database is made and dropped synchronously.
@Suite(.offThePool, .enabled(if: postgresTestURL != nil, "LIVERY_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against"))
struct PostgresEndToEndTests {
    static var baseURL: String? { postgresTestURL }

    /// A database created for one test and dropped after it. Its administration connections wait
    /// up to 20 s for the test cluster, which a loaded CI machine kept from answering within the
    /// server's 3 s default once (the setup is not what these tests test).
    final class Database: Sendable {
        let name = "livery_e2e_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let url: String

        init() throws {
            let base = try #require(PostgresEndToEndTests.baseURL)
            let admin = try PostgresConnection(url: base, connectTimeoutSeconds: 20)
            defer { admin.close() }
            try admin.execute("CREATE DATABASE \(name)")
            var components = try #require(URLComponents(string: base))
            components.path = "/" + name
            url = try #require(components.string)
        }

        /// Runs `sql` on the server's maintenance database (not this one).
        func admin(_ sql: String) throws {
            let admin = try PostgresConnection(url: try #require(PostgresEndToEndTests.baseURL), connectTimeoutSeconds: 20)
            defer { admin.close() }
            try admin.execute(sql)
        }

        deinit {
            try? admin("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }

    static func document(_ tint: Int) -> Data {
        let hex = String(format: "%06x", tint)
        return Data(("{\"color\": {\"$type\": \"color\", \"tint\": {\"$value\": \"#" + hex + "\"}}}").utf8)
    }

    /// `POST /v1/skins/{skin}/versions`: the status and, on 201, the version number.
    static func publish(_ server: ServerProcess, skin: String, tint: Int, token: String) async throws -> (status: Int, version: Int?) {
        var request = URLRequest(url: try #require(URL(string: "\(server.url)/v1/skins/\(skin)/versions")), timeoutInterval: 30)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = document(tint)
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (status, object?["version"] as? Int)
    }

    static func startServer(_ database: Database, folder: URL) async throws -> ServerProcess {
        try await ServerProcess(
            ["--database-url", database.url, "--log-level", "error"], environment: ["LIVERY_SEED_DEMO": "false"], directory: folder)
    }

    static func designerToken(_ database: Database) async throws -> String {
        let created = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database-url", database.url])
        #expect(created.status == 0, "\(created.stderr)")
        return created.lastLine
    }

    @Test func twoServersNumberFiftyConcurrentPublishesWithoutGapsAndWakeEachOthersWaiters() async throws {
        let database = try Database()
        try await CLI.inTemporaryDirectory { folder in
            let first = try await Self.startServer(database, folder: folder)
            defer { first.stop() }
            let second = try await Self.startServer(database, folder: folder)
            defer { second.stop() }
            let token = try await Self.designerToken(database)
            #expect(try await Self.publish(first, skin: "app", tint: 1, token: token) == (201, 1))

            // A long-poll held by the first process, woken by a publish through the second.
            let held = try await LiveryCommandTests.holdLongPoll(first, "/v1/skins/app/resolved", wait: 30)
            // From the acknowledgement (the commit), not from sending the request: the publish's own
            // HTTP round trip and fsync are not part of the wake-up.
            #expect(try await Self.publish(second, skin: "app", tint: 2, token: token) == (201, 2))
            let published = ContinuousClock.now
            let answer = try await held.value
            let woken = answer.arrivedAt - published
            #expect(answer.status == 200)
            #expect((try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["version"] as? Int == 2)
            #expect(woken < .seconds(1), "woken \(woken) after the publish through the other process")

            // 50 concurrent publishes, alternating between the processes: versions 3…52, once each.
            let results = try await withThrowingTaskGroup(of: (status: Int, version: Int?).self) { group in
                for index in 0..<50 {
                    let server = index.isMultiple(of: 2) ? first : second
                    group.addTask { try await Self.publish(server, skin: "app", tint: 100 + index, token: token) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.allSatisfy { $0.status == 201 })
            #expect(results.compactMap(\.version).sorted() == Array(3...52))
        }
    }

    /// The database refuses connections under a running server (as during a restart): documents
    /// it has in memory keep being served, writes answer 503, and once the database is back a
    /// publish goes through and wakes the long-polls held meanwhile.
    @Test func aServerOutlivesItsDatabaseGoingAway() async throws {
        let database = try Database()
        try await CLI.inTemporaryDirectory { folder in
            let server = try await Self.startServer(database, folder: folder)
            defer { server.stop() }
            let token = try await Self.designerToken(database)
            #expect(try await Self.publish(server, skin: "app", tint: 1, token: token) == (201, 1))
            let launch = try #require(URL(string: "\(server.url)/v1/skins/app/resolved"))
            _ = try await URLSession.shared.data(from: launch)

            // Held before the outage, so the wake-up after it is what is tested (a long-poll that
            // arrives while the connection is being re-established may meet the outage itself).
            let held = try await LiveryCommandTests.holdLongPoll(server, "/v1/skins/app/resolved", wait: 30)

            // Down: no new connections, and the existing ones cut.
            try database.admin("ALTER DATABASE \(database.name) WITH ALLOW_CONNECTIONS false")
            try database.admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database.name)'")
            for _ in 0..<3 {
                let (_, cached) = try await URLSession.shared.data(from: launch)
                #expect((cached as? HTTPURLResponse)?.statusCode == 200, "a cached document is served while the database is away")
            }
            let refused = try await Self.publish(server, skin: "app", tint: 2, token: token)
            #expect(refused.status == 503)

            // Back: within the backoff (≤ 2 s) a publish succeeds and wakes the held long-poll.
            try database.admin("ALTER DATABASE \(database.name) WITH ALLOW_CONNECTIONS true")
            var accepted: (status: Int, version: Int?) = (0, nil)
            let deadline = ContinuousClock.now + .seconds(15)
            while ContinuousClock.now < deadline {
                accepted = try await Self.publish(server, skin: "app", tint: 3, token: token)
                if accepted.status == 201 { break }
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(accepted == (201, 2))
            let answer = try await held.value
            #expect(answer.status == 200)
            #expect((try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["version"] as? Int == 2)
        }
    }

    /// `kill -9` of a server while publishes are in flight: every version it acknowledged is in
    /// the database with its bytes, and the numbers have no gaps.
    @Test func killNineMidPublishLosesNoAcknowledgedVersion() async throws {
        let database = try Database()
        try await CLI.inTemporaryDirectory { folder in
            let server = try await Self.startServer(database, folder: folder)
            defer { server.stop() }
            let token = try await Self.designerToken(database)
            let acknowledged = try await withThrowingTaskGroup(of: (tint: Int, version: Int?).self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let result = try? await Self.publish(server, skin: "app", tint: 1_000 + index, token: token)
                        return (1_000 + index, result?.status == 201 ? result?.version : nil)
                    }
                }
                var results: [(tint: Int, version: Int?)] = []
                for try await result in group {
                    results.append(result)
                    if results.count(where: { $0.version != nil }) == 10 { server.child.signal(SIGKILL) }
                }
                return results.compactMap { result in result.version.map { (tint: result.tint, version: $0) } }
            }
            #expect(acknowledged.count >= 10)

            let store = try SkinStore(backend: PostgresBackend(url: database.url), readerCount: 1, logger: .init(label: "test"))
            defer { store.close() }
            let history = try await store.skinHistory("app")
            #expect(history.versions.map(\.number) == Array(1...history.versions.count), "numbers without gaps")
            for (tint, version) in acknowledged {
                let stored = try await store.version(version, of: "app")
                #expect(stored.document == Array(Self.document(tint)), "acknowledged version \(version) survived with its bytes")
            }
        }
    }
}
