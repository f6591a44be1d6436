import Foundation
import Testing
@testable import LiveryServer
import SkinStore

/// What an anonymous request can make the server keep (docs/apps.md, "Old builds in the
/// field"): a `client=` request is counted only when a channel or skin that exists answered it
/// with its document (200 or 304); junk — an unknown channel, a refused private read, a bad
/// query, an absurd version — is never counted.
@Suite struct ClientCountingTests {
    /// The requests counted in memory (none are written: the background writer is stopped), by `build@channel`.
    static func counted(_ server: TestServer) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (key, tally) in server.app.routes.fleet.recorder.pending() {
            counts["\(key.client)@\(key.channel)", default: 0] += tally.requests
        }
        return counts
    }

    @Test(arguments: GateBackend.available) func requestsNoChannelOrSkinAnsweredAreNotCounted(backend: GateBackend) async throws {
        try await backend.run { server in
            server.app.routes.fleet.recorder.stopLoop()
            let longName = String(repeating: "n", count: 7_800)
            for (target, status) in [
                ("/v1/channels/nowhere/skin?client=ios/1.0.0", 404),
                // No channel can have that name (1–64 characters): the segment is refused, 400.
                ("/v1/channels/\(longName)/skin?client=ios/1.0.1", 400),
                ("/v1/skins/nothing/resolved?client=ios/1.0.2", 404),
                ("/v1/skins/demo/versions/9/resolved?client=ios/1.0.3", 404),
                ("/v1/channels/default/skin?client=ios/1.0.4&variant=sepia", 400),
                ("/v1/channels/default/skin?client=ios/1.0.5&bucket=400", 400),
            ] {
                let answer = try await server.get(target)
                #expect(answer.status == status, "\(target.prefix(60))")
            }
            #expect(Self.counted(server).isEmpty, "\(Self.counted(server))")
            await server.app.routes.fleet.recorder.flushNow()
            let stored = try await server.store.clientBuilds(dayHour: "0000-00-00T00", liveHour: "0000-00-00T00")
            #expect(stored.isEmpty)
        }
    }

    @Test func aPrivateReadRefusedIsNotCountedAndAnAnsweredOneIs() async throws {
        try await TestServer.run(configure: { $0.publicReads = false }) { server in
            server.app.routes.fleet.recorder.stopLoop()
            #expect(try await server.get("/v1/channels/default/skin?client=android/2.0.0").status == 401)
            #expect(try await server.get("/v1/channels/default/skin?client=android/2.0.0", headers: [("Authorization", "Bearer nope")]).status == 401)
            #expect(Self.counted(server).isEmpty)
            let reader = try await server.token(.reader)
            // The first read checks the token off the loop; the next finds it remembered.
            for _ in 0..<2 {
                #expect(try await server.get("/v1/channels/default/skin?client=android/2.0.0", headers: Release.auth(reader)).status == 200)
            }
            #expect(Self.counted(server) == ["android/2.0.0@default": 2])
        }
    }

    @Test(arguments: GateBackend.available) func aRevalidationAnsweredNotModifiedIsCounted(backend: GateBackend) async throws {
        try await backend.run { server in
            server.app.routes.fleet.recorder.stopLoop()
            let first = try await server.get("/v1/channels/default/skin?client=web/1.2.3")
            let etag = try #require(first.header("ETag"))
            #expect(try await server.get("/v1/channels/default/skin?client=web/1.2.3", headers: [("If-None-Match", etag)]).status == 304)
            #expect(try await server.get("/v1/skins/demo/resolved?client=web/1.2.3").status == 200)
            #expect(Self.counted(server) == ["web/1.2.3@default": 2, "web/1.2.3@": 1])
        }
    }

    @Test(arguments: GateBackend.available) func aRawPlusInClientIsBuildMetadata(backend: GateBackend) async throws {
        try await backend.run { server in
            server.app.routes.fleet.recorder.stopLoop()
            // As docs/apps.md writes it: `+` is not a space in a build's name.
            for (target, status) in [
                ("/v1/channels/default/skin?client=ios/3.2.1-beta.2+417", 200),
                ("/v1/channels/default/skin?client=ios/3.2.1-beta.2%2B417", 200),
                ("/v1/skins/demo/interpolate?to=dark&t=0.5&client=ios/3.2.1+7", 200),
                ("/v1/channels/default/skin?client=ios/3.2.1-beta.2%20417", 400),  // a space is still not a build
            ] {
                let answer = try await server.get(target)
                #expect(answer.status == status, "\(target): \(answer.text.prefix(300))")
            }
            #expect(Self.counted(server) == ["ios/3.2.1@default": 2])
        }
    }

    @Test(arguments: GateBackend.available) func absurdVersionsAreRefusedAndNeitherCountedNorEchoedWhole(backend: GateBackend) async throws {
        try await backend.run { server in
            server.app.routes.fleet.recorder.stopLoop()
            let long = "ios/1.0.0-" + String(repeating: "a", count: 7_800)
            for client in ["ios/1000000.0.0", "ios/1.1000000.0", "ios/1.0.1000000", long, "ios/1.0.0+" + String(repeating: "b", count: 100)] {
                let answer = try await server.get("/v1/channels/default/skin?client=\(client)")
                #expect(answer.status == 400, "\(client.prefix(40))")
                #expect(answer.text.contains("invalid-client"))
                #expect(answer.body.count < 1_000, "the answer does not echo a 7.8 KB client")
            }
            #expect(try await server.get("/v1/channels/default/skin?client=ios/999999.999999.999999").status == 200)
            #expect(Self.counted(server) == ["ios/999999.999999.999999@default": 1])
        }
    }
}
