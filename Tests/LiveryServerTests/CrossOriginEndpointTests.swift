import Foundation
@testable import LiveryServer
import Testing

/// CORS on the client reads of docs/api.md, "Reading skins" (`http.corsAllowOrigins`): the fields of every answer,
/// preflights, a listed origin against another, and CORS off; designer routes never get any.
@Suite struct CrossOriginEndpointTests {
    static let app = "https://app.example.com"
    static let elsewhere = "https://elsewhere.example.net"
    static let doc = ##"{"color": {"$type": "color", "tint": {"$value": "#3366ff"}}}"##
    static let other = ##"{"color": {"$type": "color", "tint": {"$value": "#00aa00"}}}"##

    /// Every client read, including its error answers (a 404 asset, a missing element id).
    static let reads = [
        "/v1/channels/default/skin?format=css", "/v1/skins/demo/resolved", "/v1/skins/demo/versions/1/resolved?format=css",
        "/v1/events?after=0", "/v1/components", "/v1/client.js", "/v1/assets/" + String(repeating: "0", count: 64),
        "/v1/skins/demo/styles/resolve", "/v1/skins/demo/interpolate?from=&to=",
    ]

    @Test(arguments: reads)
    func byDefaultAnyOriginMayReadAndSeeTheTags(path: String) async throws {
        try await TestServer.run { server in
            let answer = try await server.get(path, headers: [("Origin", Self.app)])
            #expect(answer.header("Access-Control-Allow-Origin") == "*", "\(path) answered \(answer.status)")
            #expect(answer.header("Access-Control-Expose-Headers") == "ETag, Retry-After, Preference-Applied, Livery-Version")
            #expect(!Self.varies(answer), "the same answer for every origin needs no Vary: Origin")

            let preflight = try await server.request("OPTIONS", path, headers: Self.preflightHeaders(Self.app))
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == "*")
            #expect(preflight.header("Access-Control-Allow-Methods") == "GET, HEAD")
            #expect(preflight.header("Access-Control-Allow-Headers") == "If-None-Match, Prefer", "no Authorization: reads are public")
            #expect(preflight.header("Access-Control-Max-Age") == "600")
            #expect(preflight.header("Allow") == "GET, HEAD, OPTIONS")
            #expect(preflight.body.isEmpty)
        }
    }

    @Test func aRevalidationAndAHeadCarryTheFieldsToo() async throws {
        try await TestServer.run { server in
            let tag = try #require(try await server.get("/v1/channels/default/skin").header("ETag"))
            let revalidated = try await server.get("/v1/channels/default/skin", headers: [("Origin", Self.app), ("If-None-Match", tag)])
            #expect(revalidated.status == 304)
            #expect(revalidated.header("Access-Control-Allow-Origin") == "*")
            let head = try await server.request("HEAD", "/v1/client.js", headers: [("Origin", Self.app)])
            #expect(head.header("Access-Control-Allow-Origin") == "*")
        }
    }

    @Test func designerRoutesGetNoCORS() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            let published = try await server.publish("app", Self.doc, token: designer, headers: [("Origin", Self.app)])
            #expect(published.status == 201)
            #expect(published.header("Access-Control-Allow-Origin") == nil)
            let listing = try await server.get("/v1/skins", headers: [("Origin", Self.app), ("Authorization", "Bearer \(designer)")])
            #expect(listing.header("Access-Control-Allow-Origin") == nil)
            let preflight = try await server.request("OPTIONS", "/v1/skins/app/versions", headers: Self.preflightHeaders(Self.app))
            #expect(preflight.status == 405)
            #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func aListedOriginIsEchoedAndAnotherIsNot() async throws {
        try await TestServer.run(configure: { $0.corsAllowOrigins = [Self.app, "http://127.0.0.1:8000"] }) { server in
            let path = "/v1/channels/default/skin?format=css"
            let allowed = try await server.get(path, headers: [("Origin", Self.app)])
            #expect(allowed.header("Access-Control-Allow-Origin") == Self.app)
            #expect(allowed.header("Access-Control-Expose-Headers") != nil)
            #expect(Self.varies(allowed))
            for origin in [Self.elsewhere, "https://APP.example.com", Self.app + "/"] {
                let refused = try await server.get(path, headers: [("Origin", origin)])
                #expect(refused.status == 200, "CORS is the browser's check; the server still answers")
                #expect(refused.header("Access-Control-Allow-Origin") == nil, "\(origin)")
                #expect(refused.header("Access-Control-Expose-Headers") == nil)
                #expect(Self.varies(refused), "a shared cache must not hand this answer to a listed origin")
            }
            #expect(Self.varies(try await server.get(path)), "no Origin at all varies too")

            let preflight = try await server.request("OPTIONS", path, headers: Self.preflightHeaders("http://127.0.0.1:8000"))
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == "http://127.0.0.1:8000")
            #expect(Self.varies(preflight))
            let refusedPreflight = try await server.request("OPTIONS", path, headers: Self.preflightHeaders(Self.elsewhere))
            #expect(refusedPreflight.status == 204)
            #expect(refusedPreflight.header("Access-Control-Allow-Origin") == nil)
            #expect(refusedPreflight.header("Access-Control-Allow-Methods") == nil)
            #expect(Self.varies(refusedPreflight))
        }
    }

    /// Long-poll answers are rendered once and fanned out to every waiter; each waiter still gets
    /// the fields of its own request's origin.
    @Test func heldLongPollsFromTwoOriginsEachGetTheirOwnFields() async throws {
        try await TestServer.run(seedDemo: false, configure: { $0.corsAllowOrigins = [Self.app] }) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let path = "/v1/skins/app/resolved?format=css&wait=20"
            let tag = try #require(try await server.get("/v1/skins/app/resolved?format=css").header("ETag"))
            async let listed = server.get(path, headers: [("Origin", Self.app), ("If-None-Match", tag)])
            async let unlisted = server.get(path, headers: [("Origin", Self.elsewhere), ("If-None-Match", tag)])
            try await server.waitUntilHolding(2)
            #expect(try await server.publish("app", Self.other, token: designer).status == 201)
            let (woken, other) = try await (listed, unlisted)
            #expect(woken.status == 200)
            #expect(woken.header("Access-Control-Allow-Origin") == Self.app)
            #expect(woken.header("Preference-Applied") == "wait=20")
            #expect(other.status == 200)
            #expect(other.header("Access-Control-Allow-Origin") == nil)
            #expect(Self.varies(other))
        }
    }

    @Test func privateReadsAllowTheAuthorizationHeader() async throws {
        try await TestServer.run(configure: { $0.publicReads = false }) { server in
            let preflight = try await server.request("OPTIONS", "/v1/channels/default/skin", headers: Self.preflightHeaders(Self.app))
            #expect(preflight.status == 204, "a preflight carries no token")
            #expect(preflight.header("Access-Control-Allow-Headers") == "If-None-Match, Prefer, Authorization")
            let refused = try await server.get("/v1/channels/default/skin", headers: [("Origin", Self.app)])
            #expect(refused.status == 401)
            #expect(refused.header("Access-Control-Allow-Origin") == "*", "the page can read why it was refused")
        }
    }

    @Test func offSendsNoCORSAndAnswersNoPreflight() async throws {
        try await TestServer.run(configure: { $0.corsAllowOrigins = [] }) { server in
            let answer = try await server.get("/v1/channels/default/skin", headers: [("Origin", Self.app)])
            #expect(answer.status == 200)
            #expect(answer.header("Access-Control-Allow-Origin") == nil)
            #expect(!Self.varies(answer))
            let preflight = try await server.request("OPTIONS", "/v1/channels/default/skin", headers: Self.preflightHeaders(Self.app))
            #expect(preflight.status == 405)
            #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        }
    }

    /// What a browser sends before a long-poll: `If-None-Match` is not CORS-safelisted.
    static func preflightHeaders(_ origin: String) -> [(String, String)] {
        [("Origin", origin), ("Access-Control-Request-Method", "GET"), ("Access-Control-Request-Headers", "if-none-match")]
    }

    /// Whether any `Vary` field of `response` names `Origin`.
    static func varies(_ response: TestResponse) -> Bool {
        response.headers.contains { $0.name.lowercased() == "vary" && $0.value.contains("Origin") }
    }
}
