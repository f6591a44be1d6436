import Foundation
@testable import LiveryServer
import SkinStore
import Testing
import TestSupport

/// Two servers sharing one database (two instances in this test process, each with its own
/// connections, counter and writer, as two processes have) count one build's launches together, neither
/// losing nor doubling any (docs/apps.md, "Old builds in the field"; docs/operations.md, more
/// than one process): each writes its own counts, added to what the store has, at its own
/// pace, including while the other is writing.
@Suite struct SharedCountingTests {
    @Test(arguments: GateBackend.available)
    func twoProcessesCountOneBuildWithoutLosingOrDoubling(backend: GateBackend) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-shared-\(UUID().uuidString)")
        func cleanUp() async {
            try? FileManager.default.removeItem(at: folder)
            if backend == .postgresql { await GateBackend.dropSharedDatabase(named: folder.lastPathComponent) }
        }
        do {
            try await count(backend: backend, folder: folder)
        } catch {
            await cleanUp()
            throw error
        }
        await cleanUp()
    }

    private func count(backend: GateBackend, folder: URL) async throws {
        try await backend.run(sharedFolder: folder) { first, second in
            // Counts written every 0.2 s by each, so writes of the two interleave during the load.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { for _ in 0..<60 { _ = try await first.get("/v1/channels/default/skin?client=ios/3.2.1") } }
                group.addTask { for _ in 0..<40 { _ = try await second.get("/v1/channels/default/skin?client=ios/3.2.1") } }
                group.addTask { for _ in 0..<7 { _ = try await second.get("/v1/channels/default/skin?client=android/2.0.0") } }
                try await group.waitForAll()
            }
            // Each writes what it still holds when it stops.
        }
        try await backend.run(sharedFolder: folder) { server, _ in
            let designer = try await server.token(.designer)
            let clients = try await server.request("GET", "/v1/clients", headers: Release.auth(designer)).json["clients"] as? [[String: Any]] ?? []
            let counts = Dictionary(uniqueKeysWithValues: clients.map { ("\($0["platform"] ?? "")/\($0["version"] ?? "")", $0["requests24h"] as? Int ?? -1) })
            #expect(counts == ["android/2.0.0": 7, "ios/3.2.1": 100])
        }
    }
}

extension GateBackend {
    /// Two servers on one database of this backend (a folder's SQLite file, or one PostgreSQL
    /// database kept for the folder's name), writing client counts every 0.2 s.
    func run(sharedFolder folder: URL, _ body: (TestServer, TestServer) async throws -> Void) async throws {
        let configure: (inout LiveryConfiguration) -> Void
        switch self {
        case .sqlite:
            configure = { $0.clientFlushInterval = 0.2 }
        case .postgresql:
            let url = try await Self.sharedDatabase(named: folder.lastPathComponent)
            configure = { $0.databaseURL = url; $0.clientFlushInterval = 0.2 }
        }
        try await TestServer.run(databaseIn: folder, configure: configure) { first in
            try await TestServer.run(seedDemo: false, databaseIn: folder, configure: configure) { second in
                try await body(first, second)
            }
        }
    }

    /// A PostgreSQL database for `name`, created on first use and kept until
    /// ``dropSharedDatabase(named:)``; the statement runs off the cooperative pool (`onThread`).
    static func sharedDatabase(named name: String) async throws -> String {
        guard let base = postgresURL else { throw CancellationError() }
        let database = sharedDatabaseName(name)
        try await onThread {
            let admin = try PostgresConnection(url: base, connectTimeoutSeconds: 20)
            defer { admin.close() }
            if (try? admin.execute("CREATE DATABASE \(database)")) == nil { /* it exists: the second run */ }
        }
        var components = URLComponents(string: base)!
        components.path = "/" + database
        return components.string!
    }

    static func sharedDatabaseName(_ name: String) -> String {
        "livery_shared_" + name.replacingOccurrences(of: "-", with: "").suffix(12).lowercased()
    }

    /// Drops the database ``sharedDatabase(named:)`` made for `name`, if there is one.
    static func dropSharedDatabase(named name: String) async {
        guard let base = postgresURL else { return }
        try? await onThread {
            let admin = try PostgresConnection(url: base, connectTimeoutSeconds: 20)
            defer { admin.close() }
            try admin.execute("DROP DATABASE IF EXISTS \(sharedDatabaseName(name)) WITH (FORCE)")
        }
    }
}
