import Foundation
import Testing

/// `Cache-Control` of resolved documents (docs/api.md, "Reading skins"): launches revalidate, optionally with a
/// shared lifetime for CDNs; long-poll answers are never stored by any cache.
@Suite struct CacheControlTests {
    static let doc = LongPollEndpointTests.doc
    static let other = LongPollEndpointTests.other

    @Test func launchesRevalidateAndShareOnlyWhenConfigured() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            #expect(try await server.get("/v1/skins/app/resolved").header("Cache-Control") == "no-cache")
        }
        try await TestServer.run(seedDemo: false, configure: { $0.sharedMaxAge = 30; $0.staleWhileRevalidate = 5 }) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let shared = "public, no-cache, s-maxage=30, stale-while-revalidate=5"
            let launch = try await server.get("/v1/skins/app/resolved", headers: [("Accept-Encoding", "gzip")])
            #expect(launch.status == 200)
            #expect(launch.header("Cache-Control") == shared)
            let tag = try #require(launch.header("ETag"))
            let revalidated = try await server.get("/v1/skins/app/resolved", headers: [("If-None-Match", tag), ("Accept-Encoding", "gzip")])
            #expect(revalidated.status == 304)
            #expect(revalidated.header("Cache-Control") == shared)
        }
        try await TestServer.run(seedDemo: false, configure: { $0.sharedMaxAge = 10 }) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            #expect(try await server.get("/v1/skins/app/resolved").header("Cache-Control") == "public, no-cache, s-maxage=10")
        }
    }

    /// Every answer to a request with `wait` (woken, timed out, or answered at once because
    /// the tag was stale; query or Prefer form) is `no-store`, shared lifetime or not.
    @Test func longPollAnswersAreNeverStored() async throws {
        try await TestServer.run(seedDemo: false, configure: { $0.sharedMaxAge = 30; $0.staleWhileRevalidate = 5 }) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let tag = try #require(try await server.get("/v1/skins/app/resolved").header("ETag"))

            let timedOut = try await server.request("GET", "/v1/skins/app/resolved?wait=1", headers: [("If-None-Match", tag)])
            #expect(timedOut.status == 304)
            #expect(timedOut.header("Cache-Control") == "no-store")

            let stale = try await server.request("GET", "/v1/skins/app/resolved", headers: [("If-None-Match", "\"old\""), ("Prefer", "wait=5")])
            #expect(stale.status == 200)
            #expect(stale.header("Cache-Control") == "no-store")

            async let held = server.request("GET", "/v1/skins/app/resolved?wait=20", headers: [("If-None-Match", tag), ("Accept-Encoding", "gzip")])
            try await server.waitUntilHolding(1)
            #expect(try await server.publish("app", Self.other, token: designer).status == 201)
            let woken = try await held
            #expect(woken.status == 200)
            #expect(woken.header("Cache-Control") == "no-store")
            #expect(woken.header("Content-Encoding") == "gzip")
        }
    }
}
