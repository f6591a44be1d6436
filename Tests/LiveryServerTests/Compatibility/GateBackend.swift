import Foundation
@testable import LiveryServer
import SkinStore
import Testing
import TestSupport

/// The backends the compatibility suites run on: SQLite always, PostgreSQL (a database of its
/// own per test) when `LIVERY_TEST_POSTGRES_URL` names a server.
enum GateBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgresql

    static let postgresURL = ProcessInfo.processInfo.environment["LIVERY_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let available: [GateBackend] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgresql]

    var testDescription: String { rawValue }

    /// A real server on this backend, shut down (and its database dropped) afterwards. The
    /// database statements run on a thread of their own (`onThread`): `CREATE DATABASE` takes
    /// seconds on a loaded machine, and on a task it held a cooperative-pool thread every server
    /// in the process needs.
    func run<T>(configure: (inout LiveryConfiguration) -> Void = { _ in }, _ body: (TestServer) async throws -> T) async throws -> T {
        guard self == .postgresql, let base = Self.postgresURL else { return try await TestServer.run(configure: configure, body) }
        let name = "livery_gate_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        var components = try #require(URLComponents(string: base))
        components.path = "/" + name
        let url = try #require(components.string)
        try await Self.admin(base, "CREATE DATABASE \(name)")
        do {
            let result = try await TestServer.run(configure: { configure(&$0); $0.databaseURL = url }, body)
            try? await Self.admin(base, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            return result
        } catch {
            try? await Self.admin(base, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            throw error
        }
    }

    /// Runs `sql` on the server's maintenance database, off the cooperative pool.
    private static func admin(_ base: String, _ sql: String) async throws {
        try await onThread {
            let admin = try PostgresConnection(url: base, connectTimeoutSeconds: 20)
            defer { admin.close() }
            try admin.execute(sql)
        }
    }
}

/// What the compatibility tests share: a look with a tint and a title rule, and contracts.
enum Compat {
    /// `color.<tint>` and a rule for `checkout/header/title`.
    static func skin(tint: String = "tint", hex: String = "#3366ff", rule: Bool = true) -> String {
        let rules = rule ? #""styles": {"title": {"component": "Label", "properties": {"textColor": "{color.\#(tint)}"}}}, "rules": [{"selector": "checkout/header/title", "style": "title"}]"# : #""rules": []"#
        return #"{"$livery": {\#(rules)}, "color": {"$type": "color", "\#(tint)": {"$value": "\#(hex)"}}}"#
    }

    static let contract = #"{"tokens": {"color.tint": "color"}, "styles": ["checkout/header/title"], "images": []}"#

    /// `PUT /v1/contracts/{build}`.
    static func push(_ server: TestServer, _ build: String, _ body: String = contract, token: String) async throws -> TestResponse {
        try await server.request("PUT", "/v1/contracts/\(build)", headers: Release.auth(token), body: Array(body.utf8))
    }

    /// A launch of `build` on the default channel: how a build becomes live there.
    static func launch(_ server: TestServer, _ build: String) async throws {
        _ = try await server.get("/v1/channels/default/skin?client=\(build)")
    }

    static func errors(_ response: TestResponse) -> [[String: Any]] { response.json["errors"] as? [[String: Any]] ?? [] }
    static func warnings(_ response: TestResponse) -> [[String: Any]] { response.json["warnings"] as? [[String: Any]] ?? [] }
}
