import Foundation
@testable import LiveryServer
import Testing

/// `/v1/client.js` and the demo page (docs/api.md, "Reading skins"): served with the console's
/// `Content-Security-Policy: default-src 'self'`, which the demo page keeps to (no inline script or
/// style: its module and style sheet are files of their own).
@Suite struct WebClientEndpointTests {
    static let files = [
        ("/v1/client.js", "text/javascript; charset=utf-8"), ("/v1/client-demo.html", "text/html; charset=utf-8"),
        ("/v1/client-demo.js", "text/javascript; charset=utf-8"), ("/v1/client-demo.css", "text/css; charset=utf-8"),
    ]

    @Test func everyFileCarriesThePolicyAndRevalidates() async throws {
        try await TestServer.run { server in
            for (path, type) in Self.files {
                let answer = try await server.get(path)
                #expect(answer.status == 200, "\(path)")
                #expect(answer.header("Content-Type") == type)
                #expect(answer.header("Content-Security-Policy") == "default-src 'self'; frame-ancestors 'none'", "\(path)")
                #expect(answer.header("X-Content-Type-Options") == "nosniff")
                let tag = try #require(answer.header("ETag"))
                let revalidated = try await server.get(path, headers: [("If-None-Match", tag)])
                #expect(revalidated.status == 304)
                #expect(revalidated.header("Content-Security-Policy") == "default-src 'self'; frame-ancestors 'none'")
            }
        }
    }

    @Test func theDemoPageHasNoInlineScriptOrStyle() async throws {
        try await TestServer.run { server in
            let page = String(decoding: try await server.get("/v1/client-demo.html").body, as: UTF8.self)
            let scripts = page.components(separatedBy: "<script").dropFirst()
            #expect(scripts.count == 1)
            for script in scripts {
                #expect(script.hasPrefix(" type=\"module\" src=\"/v1/client-demo.js\"></script>"), "every script is a file")
            }
            #expect(!page.contains("<style"), "no inline style element")
            #expect(!page.contains(" style="), "no style attribute")
            #expect(page.contains("<link rel=\"stylesheet\" href=\"/v1/client-demo.css\">"))
            let module = String(decoding: try await server.get("/v1/client-demo.js").body, as: UTF8.self)
            #expect(module.hasPrefix("import { LiveryClient } from \"/v1/client.js\";"))
        }
    }

    @Test func onlyTheClientIsACrossOriginRead() async throws {
        try await TestServer.run { server in
            for (path, _) in Self.files {
                let answer = try await server.get(path, headers: [("Origin", "https://app.example.com")])
                #expect((answer.header("Access-Control-Allow-Origin") != nil) == (path == "/v1/client.js"), "\(path)")
            }
        }
    }
}
