import Foundation
import Testing

/// Channels, assets, lookups and the operator endpoints (docs/api.md, "Reading skins"–§3.3).
@Suite struct ChannelAndAssetEndpointTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 32)

    @Test func channelsSwitchWithHistoryAndPreconditions() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let auth = [("Authorization", "Bearer \(designer)")]
            let before = try await server.request("GET", "/v1/channels/default", headers: auth)
            #expect(before.header("ETag") == "\"a1\"")
            let doc = ##"{"color": {"$type": "color", "tint": {"$value": "#123456"}}}"##
            #expect(try await server.publish("summer", doc, token: designer).status == 201)
            let stale = try await server.request(
                "PUT", "/v1/channels/default", headers: auth + [("If-Match", "\"a0\"")], body: Array(##"{"skin":"summer","version":1}"##.utf8))
            #expect(stale.status == 412)
            let switched = try await server.request(
                "PUT", "/v1/channels/default", headers: auth + [("If-Match", "\"a1\"")], body: Array(##"{"skin":"summer","version":1}"##.utf8))
            #expect(switched.status == 200)
            #expect(switched.header("ETag") == "\"a2\"")
            #expect(try await server.get("/v1/channels/default/skin").json["skin"] as? String == "summer")
            let history = try await server.request("GET", "/v1/channels/default", headers: auth).json["history"] as? [[String: Any]]
            #expect(history?.map { $0["skin"] as? String } == ["demo", "summer"])
            let list = try await server.request("GET", "/v1/channels", headers: auth)
            #expect((list.json["channels"] as? [Any])?.count == 1)

            let bad = try await server.request("PUT", "/v1/channels/default", headers: auth, body: Array("{\"skin\": 3}".utf8))
            #expect(bad.status == 400)
            let missing = try await server.request("PUT", "/v1/channels/new", headers: auth, body: Array(##"{"skin":"nope"}"##.utf8))
            #expect(missing.status == 404)
            let noBody = try await server.request("PUT", "/v1/channels/default", headers: auth)
            #expect(noBody.status == 400)
        }
    }

    @Test func assetsAreContentAddressedAndTypeChecked() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let auth = [("Authorization", "Bearer \(designer)")]
            let upload = try await server.request("POST", "/v1/assets", headers: auth + [("Content-Type", "image/png")], body: Self.png)
            #expect(upload.status == 201)
            let sha = try #require(upload.json["sha256"] as? String)
            #expect(sha.count == 64)
            #expect(upload.json["url"] as? String == "/v1/assets/\(sha)")
            let again = try await server.request("POST", "/v1/assets", headers: auth + [("Content-Type", "image/png")], body: Self.png)
            #expect(again.json["sha256"] as? String == sha)
            let fetched = try await server.get("/v1/assets/\(sha)")
            #expect(fetched.body == Self.png)
            #expect(fetched.header("Content-Type") == "image/png")
            #expect(fetched.header("Cache-Control") == "public, max-age=31536000, immutable")

            let lie = try await server.request("POST", "/v1/assets", headers: auth + [("Content-Type", "image/jpeg")], body: Self.png)
            #expect(lie.status == 415)
            let junk = try await server.request("POST", "/v1/assets", headers: auth + [("Content-Type", "image/png")], body: Array("hello".utf8))
            #expect(junk.status == 415)
            let svg = try await server.request(
                "POST", "/v1/assets", headers: auth + [("Content-Type", "image/svg+xml")],
                body: Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))
            #expect(svg.status == 201)
            #expect(try await server.get("/v1/assets/\(String(repeating: "0", count: 64))").status == 404)
        }
    }

    @Test func imagesAndStylesResolveForElements() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let auth = [("Authorization", "Bearer \(designer)")]
            let upload = try await server.request("POST", "/v1/assets", headers: auth + [("Content-Type", "image/png")], body: Self.png)
            let sha = try #require(upload.json["sha256"] as? String)
            let doc = """
                {"$livery": {"images": {"*_searchbar_image": "sha256:\(sha)"},
                  "styles": {"title": {"component": "Label", "properties": {"textColor": "{color.tint}"}}},
                  "rules": [{"selector": "title", "style": "title"}, {"selector": "header/title", "properties": {"textColor": "#ff0000"}}]},
                 "color": {"$type": "color", "tint": {"$value": "#3366ff"}}}
                """
            #expect(try await server.publish("shop", doc, token: designer).status == 201)
            let image = try await server.get("/v1/skins/shop/images/resolve?id=client/searchbar/image")
            #expect(image.status == 302)
            #expect(image.header("Location") == "/v1/assets/\(sha)")
            #expect(try await server.get("/v1/skins/shop/images/resolve?id=client/other/image").status == 404)

            let style = try await server.get("/v1/skins/shop/styles/resolve?id=home/header/title&explain=1")
            #expect(style.status == 200)
            #expect(style.json["selector"] as? String == "header/title")
            #expect((style.json["properties"] as? [String: Any])?["textColor"] as? String == "#ff0000ff")
            #expect((style.json["candidates"] as? [[String: Any]])?.count == 2)
            #expect(try await server.get("/v1/skins/shop/styles/resolve?id=home/button").status == 404)
            #expect(try await server.get("/v1/skins/shop/styles/resolve").status == 400)
        }
    }

    @Test func interpolationAndDiff() async throws {
        try await TestServer.run { server in
            let half = try await server.get("/v1/skins/demo/interpolate?from=&to=dark&t=0.5")
            #expect(half.status == 200)
            let tokens = try #require(half.json["tokens"] as? [String: Any])
            #expect(tokens["color.background"] != nil)
            let start = try await server.get("/v1/skins/demo/interpolate?from=&to=dark&t=0").json["tokens"] as? [String: Any]
            let light = try await server.get("/v1/skins/demo/resolved").json["tokens"] as? [String: Any]
            #expect((start?["color.background"] as? [String: Any])?["value"] as? String
                == (light?["color.background"] as? [String: Any])?["value"] as? String)
            #expect(try await server.get("/v1/skins/demo/interpolate?t=2").status == 400)

            let designer = try await server.token(.designer)
            let auth = [("Authorization", "Bearer \(designer)")]
            let next = ##"{"color": {"$type": "color", "tint": {"$value": "#000000"}}, "extra": {"$type": "number", "$value": 1}}"##
            #expect(try await server.publish("demo", next, token: designer).status == 201)
            let diff = try await server.request("GET", "/v1/skins/demo/diff?from=1&to=2", headers: auth)
            #expect(diff.status == 200)
            #expect(diff.text.contains("extra"))
            #expect(diff.text.contains("color.tint"))
            #expect(try await server.request("GET", "/v1/skins/demo/diff?from=1", headers: auth).status == 400)
        }
    }

    @Test func operatorEndpoints() async throws {
        try await TestServer.run { server in
            #expect(try await server.get("/healthz").status == 200)
            #expect(try await server.get("/readyz").status == 200)
            _ = try await server.get("/v1/channels/default/skin")
            let metrics = try await server.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.header("Content-Type")?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains("livery_http_requests_total{route=\"/v1/channels/{channel}/skin\",status=\"200\"}"))
            #expect(metrics.text.contains("livery_waiting_long_polls 0"))
            #expect(metrics.text.contains("livery_resolve_cache_misses_total"))
            let components = try await server.get("/v1/components")
            #expect(components.status == 200)
            #expect(components.text.contains("SearchBar"))
            let openAPI = try await server.get("/openapi.json")
            #expect(openAPI.status == 200)
            #expect((openAPI.json["openapi"] as? String)?.hasPrefix("3.1") == true)
            #expect((openAPI.json["paths"] as? [String: Any])?["/v1/channels/{channel}/skin"] != nil)
            let openAPITag = try #require(openAPI.header("ETag"))
            #expect(try await server.get("/openapi.json", headers: [("If-None-Match", openAPITag)]).status == 304)
            let componentsTag = try #require(components.header("ETag"))
            #expect(try await server.get("/v1/components", headers: [("If-None-Match", componentsTag)]).status == 304)
        }
    }

    @Test func privateReadsNeedAReaderToken() async throws {
        try await TestServer.run(configure: { $0.publicReads = false }) { server in
            #expect(try await server.get("/v1/channels/default/skin").status == 401)
            let reader = try await server.token(.reader)
            let auth = [("Authorization", "Bearer \(reader)")]
            #expect(try await server.get("/v1/channels/default/skin", headers: auth).status == 200)
            #expect(try await server.get("/v1/channels/default/skin", headers: auth).status == 200, "again, now from the read cache")
            #expect(try await server.get("/v1/channels/default/skin", headers: [("Authorization", "Bearer lvy_wrong")]).status == 401,
                    "another token's cached success does not let an unknown one read")
            #expect(try await server.get("/v1/events", headers: auth).status == 200)
            #expect(try await server.get("/v1/events").status == 401)
            let designer = try await server.token(.designer)
            let admin = try await server.token(.admin)
            #expect(try await server.request("GET", "/v1/audit", headers: [("Authorization", "Bearer \(designer)")]).status == 403)
            let audit = try await server.request("GET", "/v1/audit", headers: [("Authorization", "Bearer \(admin)")])
            #expect(audit.status == 200)
            #expect((audit.json["entries"] as? [Any])?.isEmpty == false)
        }
    }
}
