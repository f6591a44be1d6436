import Foundation
import TestSupport
import Testing
@testable import LiveryServer

/// The computed lookups resolve a skin once per store generation, however many ask at once.
@Suite struct LookupCacheTests {
    static let doc = ##"{"color": {"$type": "color", "tint": {"$value": "#3366ff"}}}"##
    static let other = ##"{"color": {"$type": "color", "tint": {"$value": "#00aa00"}}}"##

    @Test func concurrentLookupsResolveOnceAndAChangeResolvesAgain() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let cache = server.app.routes.documents.resolvedSkins
            let before = cache.computations
            let answers = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await server.get("/v1/skins/app/interpolate?from=&to=&t=0.5").status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0 == 200 })
            #expect(cache.computations - before == 1, "12 lookups of one skin, resolved once")

            #expect(try await server.publish("app", Self.other, token: designer).status == 201)
            // The change reaches the cache through the store's change monitor.
            try await waitUntil("the lookup serves version 2") {
                try await server.get("/v1/skins/app/interpolate?from=&to=&t=0.5").json["version"] as? Int == 2
            }
            #expect(cache.computations - before >= 2)
        }
    }
}
