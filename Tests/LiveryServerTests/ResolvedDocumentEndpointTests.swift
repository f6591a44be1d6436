import Foundation
import Testing

/// GET/HEAD of resolved documents: representations, tags, conditional requests (docs/api.md, "Reading skins").
@Suite struct ResolvedDocumentEndpointTests {
    @Test func demoChannelServesAResolvedDocumentWithCachingHeaders() async throws {
        try await TestServer.run { server in
            let plain = try await server.get("/v1/channels/default/skin")
            #expect(plain.status == 200)
            #expect(plain.header("Content-Type") == "application/json")
            #expect(plain.header("Content-Encoding") == nil)
            #expect(plain.header("Vary") == "Accept-Encoding")
            #expect(plain.header("Cache-Control") == "no-cache")
            let etag = try #require(plain.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
            let json = plain.json
            #expect(json["channel"] as? String == "default")
            #expect(json["skin"] as? String == "demo")
            #expect(json["version"] as? Int == 1)
            let tokens = try #require(json["tokens"] as? [String: Any])
            let tint = try #require(tokens["color.tint"] as? [String: Any])
            #expect(tint["value"] as? String == "#3366ffff")
            #expect(plain.header("Content-Length") == String(plain.body.count))

            let gzip = try await server.get("/v1/channels/default/skin", headers: [("Accept-Encoding", "gzip, br")])
            #expect(gzip.status == 200)
            #expect(gzip.header("Content-Encoding") == "gzip")
            #expect(gzip.header("ETag") == String(etag.dropLast()) + "-gz\"")
            #expect(gzip.body.starts(with: [0x1f, 0x8b]))
        }
    }

    @Test func sameDocumentHasSameBytesAndTagAcrossServers() async throws {
        let first = try await TestServer.run { try await $0.get("/v1/channels/default/skin") }
        let second = try await TestServer.run { try await $0.get("/v1/channels/default/skin") }
        #expect(first.body == second.body)
        #expect(first.header("ETag") == second.header("ETag"))
    }

    @Test(arguments: [
        ("{tag}", 304), ("{gz}", 304), ("W/{tag}", 304), ("\"nope\", {gz}", 304), ("*", 304),
        ("\"nope\"", 200), ("", 200),
    ])
    func ifNoneMatchEvaluation(template: String, expected: Int) async throws {
        try await TestServer.run { server in
            let first = try await server.get("/v1/channels/default/skin")
            let tag = try #require(first.header("ETag"))
            let gz = String(tag.dropLast()) + "-gz\""
            let value = template.replacingOccurrences(of: "{tag}", with: tag).replacingOccurrences(of: "{gz}", with: gz)
            let headers = value.isEmpty ? [] : [("If-None-Match", value)]
            let response = try await server.get("/v1/channels/default/skin", headers: headers + [("Accept-Encoding", "gzip")])
            #expect(response.status == expected)
            if expected == 304 {
                #expect(response.body.isEmpty)
                #expect(response.header("ETag") == gz, "304 carries the tag of the representation asked for")
            }
        }
    }

    @Test func headHasHeadersButNoBody() async throws {
        try await TestServer.run { server in
            let get = try await server.get("/v1/skins/demo/resolved")
            let head = try await server.request("HEAD", "/v1/skins/demo/resolved")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == String(get.body.count))
            #expect(head.header("ETag") == get.header("ETag"))
        }
    }

    @Test func variantsFormatsAndExplain() async throws {
        try await TestServer.run { server in
            let dark = try await server.get("/v1/channels/default/skin?variant=dark").json
            #expect(dark["variants"] as? [String] == ["dark"])
            let darkTokens = try #require(dark["tokens"] as? [String: Any])
            #expect((darkTokens["color.background"] as? [String: Any])?["value"] as? String == "#0b0d12ff")

            let both = try await server.get("/v1/channels/default/skin?variant=dark&variant=highContrast")
            let comma = try await server.get("/v1/channels/default/skin?variant=dark,highContrast")
            #expect(both.body == comma.body)
            #expect(both.json["variants"] as? [String] == ["dark", "highContrast"])

            let unknown = try await server.get("/v1/channels/default/skin?variant=drak")
            #expect(unknown.status == 400)
            #expect(unknown.header("Content-Type") == "application/problem+json")
            #expect(unknown.text.contains("unknown-variant"))

            let dtcg = try await server.get("/v1/channels/default/skin?format=dtcg")
            #expect(dtcg.status == 200)
            let tint = ((dtcg.json["color"] as? [String: Any])?["tint"] as? [String: Any])
            #expect(tint?["$type"] as? String == "color")
            #expect((tint?["$value"] as? [String: Any])?["hex"] as? String == "#3366ff")
            #expect((tint?["$value"] as? [String: Any])?["colorSpace"] as? String == "srgb")

            let explained = try await server.get("/v1/skins/demo/resolved?explain=1").json
            let tokens = try #require(explained["tokens"] as? [String: Any])
            let surface = try #require(tokens["color.surface"] as? [String: Any])
            #expect(surface["layer"] as? String == "demo@1", "explain names the defining layer")
            #expect((surface["references"] as? [String])?.contains("color.tint") == true, "and the references it went through")

            #expect(try await server.get("/v1/skins/demo/resolved?format=xml").status == 400)
            #expect(try await server.get("/v1/skins/demo/resolved?wait=soon").status == 400)
        }
    }

    @Test func missingThingsAre404AndWrongMethodsAre405() async throws {
        try await TestServer.run { server in
            #expect(try await server.get("/v1/channels/nope/skin").status == 404)
            #expect(try await server.get("/v1/skins/nope/resolved").status == 404)
            #expect(try await server.get("/v1/skins/demo/versions/9/resolved").status == 404)
            #expect(try await server.get("/v1/nothing").status == 404)
            let wrong = try await server.request("DELETE", "/v1/channels/default/skin")
            #expect(wrong.status == 405)
            #expect(wrong.header("Allow")?.contains("GET") == true)
        }
    }
}
