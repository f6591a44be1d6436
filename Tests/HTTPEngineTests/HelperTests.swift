import Testing
@testable import HTTPEngine

@Suite("Helpers")
struct HelperTests {
    @Test func gzipRoundTrip() throws {
        let text = Array(String(repeating: "{\"color.tint\":\"#3366ffff\"},", count: 200).utf8)
        let compressed = try #require(HTTPCompression.gzip(text))
        #expect(compressed.count < text.count / 5)
        #expect(compressed.prefix(2) == [0x1f, 0x8b])
        #expect(try HTTPCompression.gunzip(compressed, maxOutputBytes: 1 << 20) == text)
        #expect(try HTTPCompression.gunzip(compressed + compressed, maxOutputBytes: 1 << 20) == text + text)
        #expect(try #require(HTTPCompression.gzip(text, level: 1)).count >= (try #require(HTTPCompression.gzip(text, level: 9))).count)
    }

    @Test func gunzipCapsAndRejects() throws {
        let bomb = try #require(HTTPCompression.gzip([UInt8](repeating: 0, count: 10 << 20)))
        #expect(bomb.count < 20_000)
        #expect(throws: HTTPCompression.Failure.tooLarge) { try HTTPCompression.gunzip(bomb, maxOutputBytes: 1 << 20) }
        let good = try #require(HTTPCompression.gzip(Array("hello".utf8)))
        #expect(throws: HTTPCompression.Failure.truncated) { try HTTPCompression.gunzip(Array(good.dropLast(4)), maxOutputBytes: 100) }
        #expect(throws: HTTPCompression.Failure.corrupt) { try HTTPCompression.gunzip(Array("not gzip".utf8), maxOutputBytes: 100) }
    }

    @Test(arguments: [
        (nil, HTTPContentCoding.identity),
        ("gzip", .gzip),
        ("gzip, deflate, br", .gzip),
        ("GZIP;q=0.5", .gzip),
        ("x-gzip", .gzip),
        ("gzip;q=0", .identity),
        ("gzip;q=0.000", .identity),
        ("*", .gzip),
        ("*;q=0.1", .gzip),
        ("br, *;q=0", .notAcceptable),
        ("gzip;q=0, *", .identity),
        ("identity;q=0", .notAcceptable),
        ("identity;q=0, gzip", .gzip),
        ("deflate, br", .identity),
        ("", .identity),
        ("gzip;q=2", .identity),
        ("gzip;q=abc", .identity),
        ("gzip ; q=1.0", .gzip),
    ] as [(String?, HTTPContentCoding)])
    func acceptEncoding(_ row: (String?, HTTPContentCoding)) {
        #expect(HTTPContentNegotiation.coding(acceptEncoding: row.0) == row.1, "\(row.0 ?? "nil")")
        let request = HTTPRequest(method: .get, target: "/", headers: row.0.map { [("Accept-Encoding", $0)] } ?? [])
        #expect(HTTPContentNegotiation.coding(for: request.headers) == row.1)
    }

    @Test(arguments: [
        ("\"abc\"", true),
        ("W/\"abc\"", true),
        ("\"x\", \"abc\"", true),
        ("\"x\",W/\"abc-gz\"", true),
        ("*", true),
        ("\"abcd\"", false),
        ("abc", false),
        ("\"abc", false),
        ("garbage, \"abc\"", true),
        ("\"a,b\", \"abc\"", true),
        ("\"a,b\"", false),
        ("W/ \"abc\"", false),
        ("", false),
        (" , ,", false),
    ])
    func ifNoneMatch(_ row: (String, Bool)) {
        #expect(HTTPConditional.ifNoneMatch(row.0, matchesAnyOf: ["\"abc\"", "\"abc-gz\""]) == row.1, "\(row.0)")
    }

    @Test func ifNoneMatchEdgeCases() {
        #expect(!HTTPConditional.ifNoneMatch("*", matchesAnyOf: []))
        #expect(HTTPConditional.ifNoneMatch("\"abc\"", matchesAnyOf: ["W/\"abc\""]))
        let request = HTTPRequest(method: .get, target: "/", headers: [("If-None-Match", "\"zzz\""), ("if-none-match", "\"abc\"")])
        #expect(HTTPConditional.ifNoneMatch(request.headers, matchesAnyOf: ["\"abc\""]))
        #expect(!HTTPConditional.ifNoneMatch(HTTPHeaders(), matchesAnyOf: ["\"abc\""]))
    }
}

@Suite("Router")
struct RouterTests {
    static func router() -> HTTPRouter {
        var r = HTTPRouter()
        r.get("/v1/skins/{skin}/versions/{n}/resolved") { _, p, _ in .respond(HTTPResponse(text: "v:\(p["skin"]!):\(p["n"]!)")) }
        r.get("/v1/skins/{skin}/resolved") { _, p, _ in .respond(HTTPResponse(text: "latest:\(p["skin"]!)")) }
        r.get("/v1/skins/special/resolved") { _, _, _ in .respond(HTTPResponse(text: "special")) }
        r.post("/v1/skins/{skin}/versions") { _, p, _ in .respond(HTTPResponse(status: .created, text: "pub:\(p["skin"]!)")) }
        r.delete("/v1/skins/{skin}") { _, _, _ in .respond(HTTPResponse(status: .noContent)) }
        r.get("/") { _, _, _ in .respond(HTTPResponse(text: "root")) }
        return r
    }

    /// The parameters of the matched route as `name=value,…`, or nil when nothing matched.
    func text(_ method: HTTPMethod, _ path: String) -> String? {
        guard case .found(_, let p, _) = Self.router().match(method: method, path: path) else { return nil }
        return p.names.isEmpty ? "" : zip(p.names, p.values).map { "\($0)=\($1)" }.joined(separator: ",")
    }

    @Test func matchesWithParameters() {
        #expect(text(.get, "/v1/skins/app/versions/7/resolved") == "skin=app,n=7")
        #expect(text(.get, "/v1/skins/a%20b/resolved") == "skin=a b")
        #expect(text(.get, "/v1/skins/a%2Fb/resolved") == "skin=a/b")
        #expect(text(.get, "/v1/skins/special/resolved") == "")
        #expect(text(.head, "/v1/skins/app/resolved") == "skin=app")
        #expect(text(.get, "/") == "")
        guard case .found(_, _, let pattern) = Self.router().match(method: .head, path: "/v1/skins/app/resolved") else {
            Issue.record("no match")
            return
        }
        #expect(pattern == "/v1/skins/{skin}/resolved", "the matched pattern is reported for metrics")
        #expect(text(.post, "/v1/skins/app/versions") == "skin=app")
    }

    @Test func notFoundAndMethodNotAllowed() {
        let r = Self.router()
        guard case .notFound = r.match(method: .get, path: "/v1/nothing") else { Issue.record("expected 404"); return }
        guard case .notFound = r.match(method: .get, path: "/v1/skins/app/resolved/extra") else { Issue.record("expected 404"); return }
        guard case .notFound = r.match(method: .get, path: "/v1/skins//resolved") else { Issue.record("expected 404"); return }
        guard case .methodNotAllowed(let allow) = r.match(method: .put, path: "/v1/skins/app/resolved") else {
            Issue.record("expected 405")
            return
        }
        #expect(allow == [.get, .head])
        guard case .methodNotAllowed(let allow2) = r.match(method: .get, path: "/v1/skins/app") else { Issue.record("expected 405"); return }
        #expect(allow2 == [.delete])
    }

    @Test(arguments: HTTPEventBackend.available) func routerOverRealSockets(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: Self.router()) { server in
            let client = try TestClient(port: server.port)
            client.send(request("/v1/skins/app/versions/3/resolved") + request("PUT", "/v1/skins/app/resolved", body: "")
                        + request("/missing") + request("HEAD", "/v1/skins/app/resolved"))
            #expect(try client.readResponse().text == "v:app:3")
            let notAllowed = try client.readResponse()
            #expect(notAllowed.status == 405 && notAllowed.header("Allow") == "GET, HEAD")
            #expect(try client.readResponse().status == 404)
            let head = try client.readResponse(head: true)
            #expect(head.status == 200 && head.header("Content-Length") == "10")
        }
    }
}
