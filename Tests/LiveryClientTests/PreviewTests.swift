import Foundation
import TestSupport
import Testing
@testable import LiveryClient

/// Previewing a draft in the app (docs/apps.md, "Previewing a draft"), against a real server:
/// the client shows the draft behind a preview link, follows its saves, never caches it, and
/// returns to the channel's look when the preview ends or the link is revoked.
@Suite struct PreviewTests {
    static func isShowing(_ client: LiveryClient, _ tint: String) -> Bool {
        client.current?.bytes.map { String(decoding: $0, as: UTF8.self).contains(tint) } == true
    }

    @Test func theAppShowsTheDraftFollowsItsSavesAndReturnsWhenTheLinkIsRevoked() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder.appendingPathComponent("server")) { server in
                let designer = try await server.token(.designer)
                let events = EventLog()
                let client = try LiveryClient(configuration: LiveryClientConfiguration(
                    baseURL: server.baseURL, cacheDirectory: folder.appendingPathComponent("cache"), maxWait: 20,
                    eventHandler: events.handler))
                try await client.fetch()
                #expect(Self.isShowing(client, "#3366ff") && !client.isPreviewing)
                let consumer = Task { for await _ in client.updates() {} }
                defer { consumer.cancel() }
                try await waitUntil("the poll is held") { server.heldPolls == 1 }

                let saved = try await server.send("PUT", "/v1/drafts/pink?skin=demo", token: designer, body: LiveServer.demoDocument(tint: "#aa00aa"))
                #expect(saved.status == 201)
                let made = try await server.send("POST", "/v1/drafts/pink/preview-links", token: designer)
                let link = try #require((made.json["url"] as? String).flatMap(URL.init(string:)))
                #expect(client.handle(deepLink: link))
                #expect(client.isPreviewing && client.previewURL == link)
                try await waitUntil("the draft is shown") { Self.isShowing(client, "#aa00aa") }
                #expect(events.all.contains { if case .previewStarted(link) = $0.event { true } else { false } })

                // The phone follows the designer's next save, through its long-poll on the link.
                try await waitUntil("the poll on the link is held") { server.heldPolls == 1 }
                #expect(try await server.send("PUT", "/v1/drafts/pink", token: designer, body: LiveServer.demoDocument(tint: "#bb00bb")).status == 200)
                try await waitUntil("the new save is shown") { Self.isShowing(client, "#bb00bb") }
                let cached = try String(contentsOf: try #require(client.cacheFile), encoding: .utf8)
                #expect(cached.contains("#3366ff") && !cached.contains("#bb00bb"), "a draft is never persisted as the app's look")

                // Revoked: the app is back on the channel's look on its own.
                let secret = link.lastPathComponent
                #expect(try await server.send("DELETE", "/v1/previews/\(secret)", token: designer).status == 204)
                try await waitUntil("the channel's look is back") { !client.isPreviewing && Self.isShowing(client, "#3366ff") }
                #expect(events.all.contains { if case .previewEnded(link, gone: true) = $0.event { true } else { false } })
            }
        }
    }

    @Test func onlyPreviewLinksOfItsOwnServerAreOpenedAndEndPreviewReturns() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let designer = try await server.token(.designer)
                let events = EventLog()
                let client = try LiveryClient(configuration: LiveryClientConfiguration(baseURL: server.baseURL, eventHandler: events.handler))
                try await client.fetch()
                #expect(!client.handle(deepLink: URL(string: "https://elsewhere.example/v1/previews/lvp_abc")!), "another server's link")
                #expect(!client.handle(deepLink: server.baseURL.appendingPathComponent("v1/channels/default/skin")), "not a preview link")
                #expect(throws: LiveryClientError.self) { try client.preview(url: URL(string: "http://127.0.0.1:1/v1/previews/lvp_x")!) }
                #expect(!client.isPreviewing)

                #expect(try await server.send("PUT", "/v1/drafts/teal?skin=demo", token: designer, body: LiveServer.demoDocument(tint: "#00aaaa")).status == 201)
                let made = try await server.send("POST", "/v1/drafts/teal/preview-links", token: designer)
                let link = try #require((made.json["url"] as? String).flatMap(URL.init(string:)))
                try client.preview(url: link.appendingPathComponent("skin"))
                try await waitUntil("the draft is shown") { Self.isShowing(client, "#00aaaa") }
                client.endPreview()
                #expect(!client.isPreviewing && Self.isShowing(client, "#3366ff"))
                #expect(events.all.contains { if case .previewEnded(_, gone: false) = $0.event { true } else { false } })
                client.endPreview()
            }
        }
    }
}
