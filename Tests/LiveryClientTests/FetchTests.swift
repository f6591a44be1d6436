import Foundation
import Testing
@testable import LiveryClient

/// `fetch()`, revalidation, the on-disk cache and the bundled fallback, against a real server.
@Suite struct FetchTests {
    static func client(
        _ baseURL: URL, cache: URL? = nil, variants: [String] = ["dark"], channel: String = "default",
        fallback: SkinFallback? = nil, token: String? = nil, events: EventLog? = nil
    ) throws -> LiveryClient {
        try LiveryClient(configuration: LiveryClientConfiguration(
            baseURL: baseURL, channel: channel, variants: variants, bearerToken: token, cacheDirectory: cache, fallback: fallback,
            eventHandler: events?.handler))
    }

    @Test func firstFetchIsFreshWithVersionAndETag() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let client = try Self.client(server.baseURL, cache: folder.appendingPathComponent("cache"))
                #expect(client.current == nil, "no cache, no fallback: nothing to show before the first fetch")
                let skin = try await client.fetch()
                #expect(skin.source == .fresh)
                #expect(skin.name == "demo")
                #expect(skin.version == 1)
                #expect(skin.variants == ["dark"])
                #expect(skin.channel == "default")
                let etag = try #require(skin.etag)
                #expect(etag.hasPrefix("\"") && etag.hasSuffix("-gz\""), "the gzip representation was negotiated: \(etag)")
                #expect(try skin.color("color.tint") == SkinColor(red: 0x7a / 255.0, green: 0x9c / 255.0, blue: 1), "the dark tint")
                #expect(client.current == skin)
                #expect(skin.receivedAt != nil)
                #expect(skin.bytes.map { String(decoding: $0, as: UTF8.self).hasPrefix("{\"channel\":\"default\"") } == true)
                #expect(client.skinURL.absoluteString == "\(server.baseURL.absoluteString)/v1/channels/default/skin?variant=dark&bucket=\(client.bucket)")
            }
        }
    }

    /// Linux's URLSession (libcurl underneath) decodes `Content-Encoding: gzip` itself, even
    /// when the request sets `Accept-Encoding` explicitly, as Darwin's does (its response still
    /// says `Content-Encoding: gzip`, with the compressed `Content-Length`); the client never
    /// needed its fallback to identity here.
    @Test func urlSessionDecodesGzipBodies() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let events = EventLog()
                let client = try Self.client(server.baseURL, events: events)
                let skin = try await client.fetch()
                #expect(skin.etag?.hasSuffix("-gz\"") == true, "the server sent gzip")
                #expect(client.state.withLock { $0.gzipUnsupported } == false, "the body arrived decoded")
                #expect(events.requestsSent.count == 1, "no second request for identity")
                #expect(events.responses.first?.bodyBytes == skin.bytes?.count)
            }
        }
    }

    @Test func revalidationIs304WithoutBodyOrParsing() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let cache = folder.appendingPathComponent("cache")
                let events = EventLog()
                let client = try Self.client(server.baseURL, cache: cache, events: events)
                let first = try await client.fetch()
                let again = try await client.fetch()
                #expect(events.responses.map(\.status) == [200, 304])
                #expect(events.responses.last?.bodyBytes == 0, "a 304 carries no body")
                #expect(again == first, "the same skin, still fresh")
                #expect(client.state.withLock { $0.documentsParsed } == 1, "the 304 parsed nothing")

                // A new client starts from the persisted copy and revalidates it with its ETag.
                let restarted = try Self.client(server.baseURL, cache: cache, events: events)
                #expect(restarted.current?.source == .cached)
                let confirmed = try await restarted.fetch()
                #expect(events.responses.last?.status == 304)
                #expect(confirmed.source == .fresh)
                #expect(confirmed.etag == first.etag)
                #expect(confirmed.document == first.document)
                #expect(restarted.state.withLock { $0.documentsParsed } == 0)
            }
        }
    }

    @Test func cacheServesTheLastGoodSkinWhenTheServerIsDown() async throws {
        try await withTemporaryFolder { folder in
            let cache = folder.appendingPathComponent("cache")
            let (fetched, baseURL) = try await LiveServer.run(folder: folder) { server in
                (try await Self.client(server.baseURL, cache: cache).fetch(), server.baseURL)
            }
            // The server is shut: a new client (the app relaunched) has its look at once.
            let client = try Self.client(baseURL, cache: cache)
            let current = try #require(client.current)
            #expect(current.source == .cached)
            #expect(current.version == fetched.version)
            #expect(current.etag == fetched.etag)
            #expect(current.document == fetched.document)
            #expect(current.bytes == fetched.bytes)
            await #expect {
                try await client.fetch()
            } throws: { error in
                guard case LiveryClientError.unreachable = error else { return false }
                return true
            }
            #expect(client.current == current, "an error never replaces the held skin")
            // A file in the folder, with the tag and version on its first line.
            let file = try #require(client.cacheFile)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.split(separator: "\n").first?.contains("\"version\":1") == true)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted() == [InstallIdentity.fileName, file.lastPathComponent].sorted(),
                "the skin and the install id, no temporary file left")
            // Another channel or variant list does not read this one's cache.
            #expect(try Self.client(baseURL, cache: cache, variants: []).current == nil)
        }
    }

    @Test func bundledFallbackOnAFirstLaunchWithoutNetwork() async throws {
        try await withTemporaryFolder { folder in
            let bytes = Fixtures.document(version: 4)
            let client = try Self.client(unreachableBaseURL, cache: folder, fallback: .bytes(bytes))
            #expect(client.current?.source == .bundled)
            #expect(client.current?.version == 4)
            #expect(client.current?.etag == nil)
            await #expect(throws: LiveryClientError.self) { try await client.fetch() }
            #expect(client.current?.source == .bundled)

            let file = folder.appendingPathComponent("skin.json")
            try Data(bytes).write(to: file)
            #expect(try Self.client(unreachableBaseURL, fallback: .file(file)).current?.version == 4)
            // Never thrown (an app must start whatever its bundle holds): kept as fallbackError.
            let missing = try Self.client(unreachableBaseURL, fallback: .file(folder.appendingPathComponent("missing.json")))
            guard case .invalidFallback? = missing.fallbackError else {
                Issue.record("fallbackError: \(String(describing: missing.fallbackError))")
                return
            }
            #expect(missing.current == nil)
            #expect(try Self.client(unreachableBaseURL, fallback: .bytes(Array("{}".utf8))).fallbackError != nil)
        }
    }

    @Test func errorStatusesCarryTheProblemDetails() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder, configure: { $0.publicReads = false }) { server in
                let anonymous = try Self.client(server.baseURL)
                await #expect {
                    try await anonymous.fetch()
                } throws: { error in
                    guard case LiveryClientError.httpStatus(401, let problem?) = error else { return false }
                    return problem.status == 401 && problem.title == "Unauthorized"
                }
                let reader = try await server.token(.reader)
                #expect(try await Self.client(server.baseURL, token: reader).fetch().source == .fresh)
                let unknown = try Self.client(server.baseURL, channel: "nope", token: reader)
                await #expect {
                    try await unknown.fetch()
                } throws: { error in
                    guard case LiveryClientError.httpStatus(404, let problem?) = error else { return false }
                    return problem.detail?.isEmpty == false
                }
            }
        }
    }
}
