import Foundation
import Logging
@testable import LiveryServer
import SkinStore

/// A real Livery server on 127.0.0.1, port 0, over a fresh database in a temporary folder.
/// `run` always shuts it down and removes the folder, whatever the test body does.
struct TestServer: Sendable {
    let app: LiveryApplication
    let directory: URL
    var port: Int { app.port }
    var store: SkinStore { app.store }

    static func run<T>(
        seedDemo: Bool = true, databaseIn directory: URL? = nil, logger: Logger? = nil,
        configure: (inout LiveryConfiguration) -> Void = { _ in },
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        let folder = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("livery-test-\(UUID().uuidString)")
        var configuration = LiveryConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.databasePath = folder.appendingPathComponent("livery.sqlite").path
        configuration.seedDemo = seedDemo
        configuration.eventLoops = 2
        configuration.changePollInterval = 0.1
        // Dozens of servers share this process and its lane threads (LaneExecutor.processWide),
        // so a heavy request may wait long for a place on a loaded machine; refusing it is the
        // lane tests' subject (they set their own), not every test's.
        configuration.laneQueue = 256
        configuration.laneDeadline = 300
        configure(&configuration)
        let logger = logger ?? {
            var quiet = Logger(label: "livery-test")
            quiet.logLevel = .warning
            return quiet
        }()
        let app = try await LiveryApplication.start(configuration: configuration, logger: logger)
        let server = TestServer(app: app, directory: folder)
        do {
            let result = try await body(server)
            await app.shutdown()
            if directory == nil { try? FileManager.default.removeItem(at: folder) }
            return result
        } catch {
            await app.shutdown()
            if directory == nil { try? FileManager.default.removeItem(at: folder) }
            throw error
        }
    }

    /// A new token with `role`.
    func token(_ role: TokenRole, name: String = "t-\(UUID().uuidString.prefix(8))") async throws -> String {
        try await store.createToken(name: name, role: role, actor: "test")
    }

    /// A request from a background thread, so blocking reads never stall the test's executor.
    func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [], timeout: Double = 30
    ) async throws -> TestResponse {
        let port = self.port
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try TestHTTPClient.request(port: port, method, target, headers: headers, body: body, timeout: timeout)
                })
            }
        }
    }

    func get(_ target: String, headers: [(String, String)] = [], timeout: Double = 30) async throws -> TestResponse {
        try await request("GET", target, headers: headers, timeout: timeout)
    }

    /// Publishes `document` as `skin` with a designer token.
    @discardableResult
    func publish(
        _ skin: String, _ document: String, token: String, headers: [(String, String)] = [], timeout: Double = 30
    ) async throws -> TestResponse {
        try await request(
            "POST", "/v1/skins/\(skin)/versions",
            headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")] + headers,
            body: Array(document.utf8), timeout: timeout)
    }

    /// Validates `body` as the next version of `skin` with a designer token (`POST …/validate`).
    func validate(_ skin: String, _ body: [UInt8], token: String, timeout: Double = 30) async throws -> TestResponse {
        try await request(
            "POST", "/v1/skins/\(skin)/validate",
            headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")], body: body, timeout: timeout)
    }

    /// How long the suites that run off the pool (`.offThePool`) and drive a server hard wait for
    /// an answer. The server under test shares this process's cooperative pool with every other
    /// suite, and a full `swift test` sometimes has it busy for a minute; what such a test asserts
    /// is not how long that takes, so it waits longer than the 30 s default (what it does time,
    /// the event loops' answers, it times with the default).
    static let patience = 180.0
}
