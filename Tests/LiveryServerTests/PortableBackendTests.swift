import Foundation
import HTTPEngine
import Testing

/// The whole server on the portable `poll` backend (the one a Mac runs, docs/operations.md), here on
/// Linux: what the engine's own tests cannot show is that Livery's conditional GETs work on it
/// too (its long-polls: `LongPollEndpointTests`, on both backends).
@Suite struct PortableBackendTests {
    static let doc = ##"{"color": {"$type": "color", "tint": {"$value": "#3366ff"}}}"##

    @Test func aGetOnPollAnswersTheDocumentGzippedThen304() async throws {
        try await TestServer.run(seedDemo: false, configure: { $0.eventBackend = .poll }) { server in
            #expect(server.app.eventBackend == .poll)
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let first = try await server.get("/v1/skins/app/resolved", headers: [("Accept-Encoding", "gzip")])
            #expect(first.status == 200)
            #expect(first.header("Content-Encoding") == "gzip")
            let tag = try #require(first.header("ETag"))
            let again = try await server.get("/v1/skins/app/resolved", headers: [("If-None-Match", tag), ("Accept-Encoding", "gzip")])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == tag)
        }
    }
}
