import Foundation
import Testing
@testable import LiveryServer

/// Preview links (docs/api.md, "Preview links"), end to end on each backend: a link opens the
/// draft resolved to anyone who has it, follows its saves (long-polls included), and answers
/// `410` once revoked, expired, or its draft deleted; only designers make and revoke them.
@Suite struct PreviewLinkEndpointTests {
    static func link(_ server: TestServer, _ draft: String, _ body: String = "", token: String) async throws -> TestResponse {
        try await server.request("POST", "/v1/drafts/\(draft)/preview-links", headers: Release.auth(token), body: Array(body.utf8))
    }

    /// A store timestamp (`2026-12-07T10:00:00.000Z`) as a date.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// The path of a link's document, from the `url` a link request answers.
    static func skinPath(_ response: TestResponse) throws -> String {
        let url = try #require(response.json["url"] as? String)
        return try #require(URL(string: url)?.path) + "/skin"
    }

    @Test(arguments: GateBackend.available)
    func aLinkServesTheDraftFollowingItsSavesUntilRevoked(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await DraftEndpointTests.put(server, "spring", Release.skin(tint: "#0000aa"), token: designer).status == 201)
            let made = try await Self.link(server, "spring", token: designer)
            #expect(made.status == 201)
            let url = try #require(made.json["url"] as? String)
            #expect(url.hasPrefix("http://127.0.0.1:\(server.port)/v1/previews/lvp_"))
            let secret = try #require(url.split(separator: "/").last)
            #expect(secret.count == 4 + 43, "lvp_ and 256 random bits in unpadded base64url")
            let expires = try #require(Self.date(made.json["expires"] as? String ?? ""))
            #expect(abs(expires.timeIntervalSinceNow - 86_400) < 120, "a day by default")

            // No token: the link is the credential, and it opens the draft resolved.
            let path = try Self.skinPath(made)
            let first = try await server.get(path)
            #expect(first.status == 200 && first.text.contains("#0000aa"))
            let tag = try #require(first.header("ETag"))
            #expect(try await server.get(path, headers: [("If-None-Match", tag)]).status == 304)

            // A phone holding a long-poll on the link sees the next save.
            async let woken = server.get(path + "?wait=20", headers: [("If-None-Match", tag)])
            try await server.waitUntilHolding(1)
            #expect(try await DraftEndpointTests.put(server, "spring", Release.skin(tint: "#0000bb"), token: designer).status == 200)
            let next = try await woken
            #expect(next.status == 200 && next.text.contains("#0000bb"))
            let nextTag = try #require(next.header("ETag"))

            // Revoked: a held long-poll is answered 410, and so is every later read.
            async let held = server.get(path + "?wait=20", headers: [("If-None-Match", nextTag)])
            try await server.waitUntilHolding(1)
            #expect(try await server.request("DELETE", "/v1/previews/\(secret)", headers: Release.auth(designer)).status == 204)
            #expect(try await held.status == 410)
            let gone = try await server.get(path)
            #expect(gone.status == 410 && gone.text.contains("preview-gone") && gone.text.contains("revoked"))
            #expect(try await server.request("DELETE", "/v1/previews/\(secret)", headers: Release.auth(designer)).status == 204, "again: no change")
            #expect(try await server.request("DELETE", "/v1/previews/lvp_nothing", headers: Release.auth(designer)).status == 404)
        }
    }

    @Test(arguments: GateBackend.available)
    func linksExpireAndDieWithTheirDraft(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await DraftEndpointTests.put(server, "summer", Release.skin(tint: "#00aa00"), token: designer).status == 201)
            let short = try await Self.link(server, "summer", #"{"expiresIn": 1}"#, token: designer)
            #expect(short.status == 201)
            let lasting = try await Self.link(server, "summer", "{}", token: designer)
            #expect(try await server.get(Self.skinPath(short)).status == 200)
            try await Task.sleep(for: .milliseconds(1_500))
            let expired = try await server.get(Self.skinPath(short))
            #expect(expired.status == 410 && expired.text.contains("expired"))
            #expect(try await server.get(Self.skinPath(lasting)).status == 200)
            #expect(try await server.request("DELETE", "/v1/drafts/summer", headers: Release.auth(designer)).status == 204)
            #expect(try await server.get(Self.skinPath(lasting)).status == 410)
        }
    }

    @Test func lifetimesRolesAndWhatALinkOpens() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let reader = try await server.token(.reader)
            #expect(try await DraftEndpointTests.put(server, "autumn", Release.skin(tint: "#aa0000"), token: designer).status == 201)
            for body in [#"{"expiresIn": 0}"#, #"{"expiresIn": 2592001}"#, #"{"expiresIn": 1.5}"#, #"{"expiresIn": "1h"}"#] {
                #expect(try await Self.link(server, "autumn", body, token: designer).status == 422, "\(body)")
            }
            #expect(try await Self.link(server, "autumn", #"{"expiresIn": 2592000}"#, token: designer).status == 201)
            #expect(try await Self.link(server, "autumn", "[1]", token: designer).status == 400)
            #expect(try await Self.link(server, "nothing", token: designer).status == 404)
            #expect(try await Self.link(server, "autumn", token: reader).status == 403)
            #expect(try await server.request("POST", "/v1/drafts/autumn/preview-links").status == 401)

            let made = try await Self.link(server, "autumn", token: designer)
            let secret = try #require((made.json["url"] as? String)?.split(separator: "/").last)
            #expect(try await server.request("DELETE", "/v1/previews/\(secret)", headers: Release.auth(reader)).status == 403)
            // Its QR code, for the console: drawn while the link opens its draft, gone after.
            let qr = try await server.get("/v1/previews/\(secret)/qr.svg")
            #expect(qr.status == 200 && qr.header("Content-Type") == "image/svg+xml" && qr.text.hasPrefix("<svg"))
            #expect(qr.header("Content-Security-Policy") == "default-src 'none'; sandbox")
            #expect(try await server.get("/v1/previews/lvp_unknown/qr.svg").status == 404)
            // The link opens its draft's document and nothing else.
            #expect(try await server.get("/v1/previews/\(secret)/skin/../../drafts/autumn").status != 200)
            #expect(try await server.get("/v1/previews/lvp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/skin").status == 404)
        }
    }

    /// Logs never carry a link's secret: not of the document, the QR code or the page at the
    /// link itself, nor of a spelling the router decodes to the same route.
    @Test(arguments: [
        ("/v1/previews/lvp_abcdef/skin", "/v1/previews/lvp_redacted/skin"),
        ("/v1/previews/lvp_abcdef", "/v1/previews/lvp_redacted"),
        ("/v1/previews/lvp_abcdef/qr.svg", "/v1/previews/lvp_redacted/qr.svg"),
        ("/v1/%70reviews/lvp_abcdef", "/v1/previews/lvp_redacted"),
        ("/%76%31/previews/lvp_abcdef/skin", "/v1/previews/lvp_redacted/skin"),
        ("/v1/previews/lvp_abc%2Fdef/skin", "/v1/previews/lvp_redacted/skin"),
        ("/v1/channels/x/skin", "/v1/channels/x/skin"),
        ("/v1/skins/a%20b/resolved", "/v1/skins/a%20b/resolved"),
        ("/v1", "/v1"),
    ])
    func theLogLineHidesTheSecret(path: String, logged: String) {
        #expect(String(decoding: RequestLogLine.withoutSecrets(ArraySlice(path.utf8)), as: UTF8.self) == logged)
    }
}
