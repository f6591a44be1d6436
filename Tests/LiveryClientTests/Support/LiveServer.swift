import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
@testable import LiveryServer
import SkinStore

/// A real Livery server on 127.0.0.1 over a database in `folder`: port 0 by default, or a
/// given port to come back where clients expect it. `run` always shuts it down.
struct LiveServer: Sendable {
    let app: LiveryApplication
    var port: Int { app.port }
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// Long-polls held by the server right now.
    var heldPolls: Int { app.longPolls.count }

    static func start(folder: URL, port: Int = 0, seedDemo: Bool = true, configure: (inout LiveryConfiguration) -> Void = { _ in }) async throws -> LiveServer {
        var configuration = LiveryConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = port
        configuration.databasePath = folder.appendingPathComponent("livery.sqlite").path
        configuration.seedDemo = seedDemo
        configuration.eventLoops = 2
        configuration.changePollInterval = 0.1
        configuration.shutdownGrace = 2
        configure(&configuration)
        var logger = Logger(label: "livery-client-test")
        logger.logLevel = .warning
        return LiveServer(app: try await LiveryApplication.start(configuration: configuration, logger: logger))
    }

    /// Runs `body` against a server, then shuts it down whatever happens.
    static func run<T>(
        folder: URL, port: Int = 0, seedDemo: Bool = true, configure: (inout LiveryConfiguration) -> Void = { _ in },
        _ body: (LiveServer) async throws -> T
    ) async throws -> T {
        let server = try await start(folder: folder, port: port, seedDemo: seedDemo, configure: configure)
        do {
            let result = try await body(server)
            await server.app.shutdown()
            return result
        } catch {
            await server.app.shutdown()
            throw error
        }
    }

    /// The version of the skin the default channel serves now, as the server resolves it.
    func activeVersion(channel: String = "default") async throws -> Int? {
        try await app.routes.documents.lineage(of: .channel(channel)).last?.number
    }

    func token(_ role: TokenRole) async throws -> String {
        try await app.store.createToken(name: "t-\(UUID().uuidString.prefix(8))", role: role, actor: "test")
    }

    /// Publishes a new version of the demo skin (the default channel follows it) with `tint`
    /// as its tint colour; returns the HTTP status.
    @discardableResult
    func publishDemo(tint: String, token: String) async throws -> Int {
        let document = String(decoding: PackageResources.demo_skin_json, as: UTF8.self)
            .replacingOccurrences(of: "\"tint\": { \"$value\": \"#3366ff\" }", with: "\"tint\": { \"$value\": \"\(tint)\" }")
        precondition(document.contains(tint), "the demo skin's tint line changed; update the test")
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/skins/demo/versions"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(document.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

extension LiveServer {
    /// One designer request to the server: its status and JSON answer (empty when none).
    @discardableResult
    func send(_ method: String, _ path: String, token: String, body: String? = nil) async throws -> (status: Int, json: [String: Any]) {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data((body ?? "").utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, json)
    }

    /// The demo skin's document with `tint` as its tint colour.
    static func demoDocument(tint: String) -> String {
        String(decoding: PackageResources.demo_skin_json, as: UTF8.self)
            .replacingOccurrences(of: "\"tint\": { \"$value\": \"#3366ff\" }", with: "\"tint\": { \"$value\": \"\(tint)\" }")
    }
}

/// A fresh temporary folder, removed after `body`.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-client-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// Nothing listens on port 1 of the loopback: connections are refused at once.
let unreachableBaseURL = URL(string: "http://127.0.0.1:1")!
