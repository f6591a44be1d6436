import Foundation
@testable import LiveryServer
import Testing

/// `format=css` on the resolved-document routes (docs/api.md, "Reading skins"): its own bytes, ETag and gzip form,
/// the same revalidation and long-polls as JSON.
@Suite struct StyleSheetEndpointTests {
    static let doc = ##"{"color": {"$type": "color", "tint": {"$value": "#3366ff"}}}"##
    static let other = ##"{"color": {"$type": "color", "tint": {"$value": "#00aa00"}}}"##

    @Test(arguments: ["/v1/channels/default/skin", "/v1/skins/demo/resolved", "/v1/skins/demo/versions/1/resolved"])
    func everyResolvedRouteServesCSSWithItsOwnTagAndGzipForm(path: String) async throws {
        try await TestServer.run { server in
            let css = try await server.get(path + "?format=css")
            #expect(css.status == 200)
            #expect(css.header("Content-Type") == "text/css; charset=utf-8")
            #expect(css.header("Vary") == "Accept-Encoding")
            #expect(css.header("Cache-Control") == "no-cache")
            let text = String(decoding: css.body, as: UTF8.self)
            #expect(text.contains(":root {\n"))
            #expect(text.contains("  --color-tint: #3366ff;\n"))
            let tag = try #require(css.header("ETag"))
            let json = try await server.get(path)
            #expect(json.header("ETag") != tag, "the CSS form is another representation, with its own tag")

            let gzip = try await server.get(path + "?format=css", headers: [("Accept-Encoding", "gzip")])
            #expect(gzip.header("Content-Encoding") == "gzip")
            #expect(gzip.header("Content-Type") == "text/css; charset=utf-8")
            #expect(gzip.header("ETag") == String(tag.dropLast()) + "-gz\"")

            let revalidated = try await server.get(path + "?format=css", headers: [("If-None-Match", tag)])
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            #expect(revalidated.header("Content-Type") == nil)
        }
    }

    @Test func aHeldCSSLongPollIsWokenByAPublish() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let tag = try #require(try await server.get("/v1/skins/app/resolved?format=css").header("ETag"))
            async let held = server.request("GET", "/v1/skins/app/resolved?format=css&wait=20", headers: [("If-None-Match", tag)])
            try await server.waitUntilHolding(1)
            #expect(try await server.publish("app", Self.other, token: designer).status == 201)
            let answer = try await held
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "text/css; charset=utf-8")
            #expect(String(decoding: answer.body, as: UTF8.self).contains("--color-tint: #00aa00;"))
        }
    }

    @Test func aBucketIsAcceptedFrom0To99AndNothingElse() async throws {
        try await TestServer.run { server in
            #expect(try await server.get("/v1/channels/default/skin?format=css&bucket=0").status == 200)
            #expect(try await server.get("/v1/channels/default/skin?bucket=99").status == 200)
            for bad in ["100", "-1", "x", ""] {
                let answer = try await server.get("/v1/channels/default/skin?bucket=\(bad)")
                #expect(answer.status == 400, "bucket=\(bad)")
                #expect(String(decoding: answer.body, as: UTF8.self).contains("bucket must be"))
            }
        }
    }

    @Test func anUnknownFormatIsRefusedNamingTheChoices() async throws {
        try await TestServer.run { server in
            let answer = try await server.get("/v1/channels/default/skin?format=scss")
            #expect(answer.status == 400)
            #expect(String(decoding: answer.body, as: UTF8.self).contains("flat, dtcg or css"))
        }
    }
}
