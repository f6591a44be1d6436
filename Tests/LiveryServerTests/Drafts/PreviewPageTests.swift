import Foundation
import HTTPEngine
import SkinStore
import Testing
@testable import LiveryServer

/// The page at a preview link (docs/api.md, "Preview links"): what a phone's browser shows when
/// its camera opens the QR code. It must say what it previews and until when, give the address to
/// hand to the app, load nothing from anywhere and leak the secret nowhere; a link that opens
/// nothing is a page too, or the usual problem for a program asking for JSON.
@Suite struct PreviewPageTests {
    /// Headers every answer of the page carries, whatever its status.
    static func expectPageHeaders(_ response: TestResponse, _ comment: Comment) {
        #expect(response.header("Content-Type") == "text/html; charset=utf-8", comment)
        #expect(response.header("Cache-Control") == "private, no-store", comment)
        #expect(response.header("X-Content-Type-Options") == "nosniff", comment)
        #expect(response.header("Referrer-Policy") == "no-referrer", comment)
        #expect(response.header("Vary") == "Accept", comment)
        let policy = response.header("Content-Security-Policy") ?? ""
        #expect(policy.hasPrefix("default-src 'none'; style-src 'sha256-") && policy.contains("frame-ancestors 'none'"), comment)
        #expect(!response.text.contains("<script") && !response.text.contains("src="), "\(comment): nothing loaded, nothing run")
    }

    @Test(arguments: GateBackend.available)
    func thePageSaysWhatTheLinkShowsUntilWhenAndHowToOpenItInTheApp(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await DraftEndpointTests.put(server, "spring", skin: "brand", Release.skin(tint: "#0000aa"), token: designer).status == 201)
            let made = try await PreviewLinkEndpointTests.link(server, "spring", #"{"expiresIn": 3600}"#, token: designer)
            let url = try #require(made.json["url"] as? String)
            let expires = try #require(made.json["expires"] as? String)
            let path = try #require(URL(string: url)?.path)

            // A phone's browser (Chromium's Accept), no token: the link is the credential.
            let page = try await server.get(path, headers: [("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")])
            #expect(page.status == 200)
            Self.expectPageHeaders(page, "the open page")
            #expect(page.text.contains("<h1>Preview of a draft of brand</h1>"))
            #expect(page.text.contains("the draft <b>spring</b> of the skin <b>brand</b>"))
            #expect(page.text.contains("<time datetime=\"\(expires)\">\(PreviewPage.readable(expires))</time>"), "until when")
            #expect(page.text.contains("<code>\(url)</code>"), "the very URL the app's deep-link handler takes")
            #expect(page.text.contains("<a href=\"\(url)/skin\""), "the raw document")
            #expect(try await server.get(path + "/skin").status == 200, "which is there")
            let head = try await server.request("HEAD", path)
            #expect(head.status == 200 && head.body.isEmpty && head.header("Content-Type") == "text/html; charset=utf-8")
            // Programs asking for JSON get the page too while the link opens: it has no JSON form.
            #expect(try await server.get(path, headers: [("Accept", "application/json")]).status == 200)

            // Revoked: a 410 page saying so, or the problem for a program.
            let secret = try #require(path.split(separator: "/").last)
            #expect(try await server.request("DELETE", "/v1/previews/\(secret)", headers: Release.auth(designer)).status == 204)
            let gone = try await server.get(path)
            #expect(gone.status == 410)
            Self.expectPageHeaders(gone, "the gone page")
            #expect(gone.text.contains("This preview link no longer works") && gone.text.contains("revoked"))
            for accept in ["application/json", "application/problem+json", "text/html;q=0.5, application/json"] {
                let problem = try await server.get(path, headers: [("Accept", accept)])
                #expect(problem.status == 410, "\(accept)")
                #expect(problem.header("Content-Type") == "application/problem+json" && problem.header("Vary") == "Accept", "\(accept)")
                #expect(problem.json["type"] as? String == "https://livery.dev/problems/preview-gone", "\(accept)")
            }

            // A link whose draft was deleted is gone too; one never made is unknown (404), as below it.
            let other = try await PreviewLinkEndpointTests.link(server, "spring", token: designer)
            let otherPath = try #require(URL(string: other.json["url"] as? String ?? "")?.path)
            #expect(try await server.request("DELETE", "/v1/drafts/spring", headers: Release.auth(designer)).status == 204)
            let deleted = try await server.get(otherPath)
            #expect(deleted.status == 410 && deleted.text.contains("deleted"))
            let unknown = try await server.get("/v1/previews/lvp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
            #expect(unknown.status == 404 && unknown.text.contains("No preview link has this address"))
            Self.expectPageHeaders(unknown, "the unknown page")
            let unknownJSON = try await server.get("/v1/previews/lvp_nothing", headers: [("Accept", "application/json")])
            #expect(unknownJSON.status == 404 && unknownJSON.json["type"] as? String == "https://livery.dev/problems/not-found")
        }
    }

    /// Whatever reaches the page from outside its template is escaped, so no name, time or
    /// address (`http.publicOrigin`, or the request's `Host`) can add markup to it.
    @Test func everythingPutIntoThePageIsEscaped() {
        let hostile = #"<script>alert("x")</script>&'"#
        let response = PreviewPage.open(
            url: "http://\(hostile)/v1/previews/lvp_x", PreviewedLook(.draft(hostile), skin: hostile, expiresAt: hostile))
        let html = String(decoding: response.body?.array ?? [], as: UTF8.self)
        #expect(!html.contains("<script") && !html.contains(#"alert("x")"#) && !html.contains("&'"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;"))
        var problem = Problem(status: 410, slug: "preview-gone", title: "Gone", detail: hostile)
        problem.headers = [("Retry-After", "1")]
        let gone = PreviewPage.failed(problem)
        let failed = String(decoding: gone.body?.array ?? [], as: UTF8.self)
        #expect(!failed.contains("<script") && failed.contains("&lt;script&gt;"))
        #expect(gone.headers.contains { $0.name == "Retry-After" && $0.value == "1" }, "the problem's headers reach the page")
        // Another failure's page takes its heading from the problem's title: escaped too.
        let unavailable = String(decoding: PreviewPage.failed(Problem(status: 503, slug: "unavailable", title: hostile, detail: "d")).body?.array ?? [], as: UTF8.self)
        #expect(!unavailable.contains("<script") && unavailable.contains("<h1>&lt;script&gt;"))
        #expect(HTMLText.escape("a < b & c > \"d\" 'e'") == "a &lt; b &amp; c &gt; &quot;d&quot; &#39;e&#39;")
    }

    /// The page's one style is the one its policy allows (else a browser would drop it), and its
    /// policy allows no other.
    @Test func thePolicyAllowsExactlyThePagesStyle() throws {
        let html = String(decoding: PreviewPage.open(
            url: "http://h/v1/previews/lvp_x", PreviewedLook(.draft("d"), skin: "s", expiresAt: "2026-12-07T10:00:00.000Z")
        ).body?.array ?? [], as: UTF8.self)
        let start = try #require(html.range(of: "<style>")), end = try #require(html.range(of: "</style>"))
        let style = Array(html[start.upperBound..<end.lowerBound].utf8)
        let hash = Data(SHA256Digest.hash(style)).base64EncodedString()
        #expect(PreviewPage.contentSecurityPolicy.contains("style-src 'sha256-\(hash)';"))
        #expect(html.components(separatedBy: "<style").count == 2 && !html.contains("style=\""), "one style element, no style attribute")
        #expect(PreviewPage.readable("2026-12-07T10:00:00.000Z") == "2026-12-07 10:00 UTC")
    }

    @Test(arguments: [
        ("", false), ("*/*", false), ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false),
        ("application/json", true), ("application/problem+json", true), ("Application/JSON; charset=utf-8", true),
        ("application/json, */*", true), ("text/html;q=0.5, application/json", true), ("text/html, application/json;q=0.9", false),
        ("application/json;q=0", false), ("text/html, application/json", true), ("application/json;q=abc", false),
    ])
    func programsThatNameJSONGetJSON(accept: String, json: Bool) {
        let headers = HTTPHeaders(accept.isEmpty ? [] : [("Accept", accept)])
        #expect(HTTPContentNegotiation.prefersJSON(headers) == json)
    }
}
