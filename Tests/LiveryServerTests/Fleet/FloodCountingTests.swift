import Foundation
@testable import LiveryServer
import SkinStore
import Testing
import TestSupport
import SkinModel

/// Build counting that a flood cannot steer (docs/operations.md, "Which builds are live"): a
/// contracted build is counted however many invented builds fill the counter, and a request a
/// day does not keep an old build live for the release gate.
@Suite struct FloodCountingTests {
    /// `count` revalidations of the default channel, each with its own `client=ios/1.0.N`,
    /// pipelined over four connections (answered `304`, so counted).
    static func flood(_ server: TestServer, builds count: Int) async throws {
        let etag = try #require(try await server.get("/v1/channels/default/skin").header("ETag"))
        let port = server.port
        try await withThrowingTaskGroup(of: Int.self) { group in
            for lane in 0..<4 {
                group.addTask {
                    try await onThread {
                        let connection = try RawConnection(port: port, timeout: 60)
                        var answered = 0
                        for start in stride(from: lane, to: count, by: 4 * 250) {
                            let batch = Array(stride(from: start, to: min(start + 4 * 250, count), by: 4))
                            var bytes: [UInt8] = []
                            for n in batch {
                                bytes += Array("GET /v1/channels/default/skin?client=ios/1.0.\(n) HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(etag)\r\n\r\n".utf8)
                            }
                            try connection.send(bytes)
                            let marker = Array("HTTP/1.1 304".utf8)
                            let received = connection.receive { bytes in Self.occurrences(of: marker, in: bytes) >= batch.count }
                            answered += Self.occurrences(of: marker, in: received)
                        }
                        return answered
                    }
                }
            }
            var total = 0
            for try await answered in group { total += answered }
            #expect(total == count, "every flood request was answered 304")
        }
    }

    /// How many times `needle` occurs in `haystack`, without copying: the receive loop asks after
    /// every chunk, over a buffer of hundreds of answers (copying a slice per candidate made this
    /// test's own CPU, in a debug build, starve every server running beside it).
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard !needle.isEmpty, haystack.count >= needle.count else { return 0 }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var found = 0
                var index = 0
                let last = hay.count - pin.count
                while index <= last {
                    if hay[index] == pin[0], memcmp(hay.baseAddress! + index, pin.baseAddress!, pin.count) == 0 {
                        found += 1
                        index += pin.count
                    } else {
                        index += 1
                    }
                }
                return found
            }
        }
    }

    @Test func aContractedBuildIsCountedWhenAFloodHasFilledTheCounter() async throws {
        try await TestServer.run { server in
            // One interval: nothing is written meanwhile, so the flood keeps the table full.
            server.app.routes.fleet.recorder.stopLoop()
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Compat.skin(), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)
            #expect(try await Compat.push(server, "ios/9.0.0", token: designer).status == 201)

            try await Self.flood(server, builds: 10_000)
            #expect(server.app.routes.fleet.recorder.pending().count == 10_000, "the counter is full")
            try await Compat.launch(server, "ios/9.0.0")
            try await Compat.launch(server, "ios/8.0.0")
            let counted = Set(server.app.routes.fleet.recorder.pending().keys.map(\.client.description))
            #expect(counted.contains("ios/9.0.0"), "the contracted build is counted")
            #expect(!counted.contains("ios/8.0.0"), "a build without a contract waits for the next write")

            // And so the gate protects it: a look that drops what it reads is refused.
            #expect(try await server.publish("app", Compat.skin(tint: "accent", rule: false), token: designer).status == 201)
            let refused = try await Release.put(server, #"{"skin": "app", "version": 2}"#, token: designer)
            #expect(refused.status == 409)
            #expect(!Compat.errors(refused).isEmpty)
            #expect(Compat.errors(refused).allSatisfy { $0["build"] as? String == "ios/9.0.0" })
        }
    }

    /// An hour `daysAgo` days before now, as the store keeps it (`2026-11-29T13`).
    static func hour(daysAgo: Int) -> (hour: String, time: String) {
        let time = Timestamp.format(millisecondsSince1970: Timestamp.nowMilliseconds() - Int64(daysAgo) * 86_400_000 - 60_000)
        return (String(time.prefix(13)), time)
    }

    @Test func aRequestADayDoesNotKeepAnOldBuildLiveButADeviceFleetAndANewBuildDo() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Compat.skin(), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)
            for build in ["ios/3.0.0", "ios/3.1.0", "ios/3.2.0"] {
                #expect(try await Compat.push(server, build, token: designer).status == 201)
            }
            // ios/3.0.0: one request a day for 29 days, the latest an hour ago (a cron's trickle).
            // ios/3.1.0: first seen as long ago, but 150 requests over the window (real devices).
            let trickle = try #require(ClientIdentity("ios/3.0.0"))
            let fleet = try #require(ClientIdentity("ios/3.1.0"))
            var usage: [ClientUsage] = []
            for day in 1...29 {
                let (hour, time) = Self.hour(daysAgo: day)
                usage.append(ClientUsage(client: trickle, channel: "default", hour: hour, requests: 1, firstSeen: Self.hour(daysAgo: 29).time, lastSeen: time))
            }
            usage.append(ClientUsage(
                client: fleet, channel: "default", hour: Self.hour(daysAgo: 2).hour, requests: 150,
                firstSeen: Self.hour(daysAgo: 29).time, lastSeen: Self.hour(daysAgo: 2).time))
            try await server.store.recordClients(usage, pruneBefore: Self.hour(daysAgo: 30).hour)

            let live = try await server.app.routes.liveBuildIdentities(on: "default").map(\.description)
            #expect(live == ["ios/3.1.0"], "the trickled build is not live; the fleet's is")
            // GET /v1/clients lists both and says which the gate counts, by the same rule.
            let clients = try await server.request("GET", "/v1/clients", headers: Release.auth(designer)).json["clients"] as? [[String: Any]] ?? []
            func listedLive(_ version: String) -> Bool? {
                let client = clients.first { $0["version"] as? String == version }
                return ((client?["channels"] as? [String: Any])?["default"] as? [String: Any])?["live"] as? Bool
            }
            #expect(listedLive("3.0.0") == false)
            #expect(listedLive("3.1.0") == true)

            // A build launched once just now is new, so live from its first request.
            try await Compat.launch(server, "ios/3.2.0")
            let withNew = try await server.app.routes.liveBuildIdentities(on: "default").map(\.description)
            #expect(withNew == ["ios/3.1.0", "ios/3.2.0"])

            // The gate: a breaking look is refused for the live builds only.
            #expect(try await server.publish("app", Compat.skin(tint: "accent", rule: false), token: designer).status == 201)
            let refused = try await Release.put(server, #"{"skin": "app", "version": 2}"#, token: designer)
            #expect(refused.status == 409)
            let named = Set(Compat.errors(refused).compactMap { $0["build"] as? String })
            #expect(named == ["ios/3.1.0", "ios/3.2.0"], "not ios/3.0.0")
        }
    }

    @Test func aTrickleCountsWhenTheMinimumIsOne() async throws {
        try await TestServer.run(configure: { $0.liveMinRequests = 1 }) { server in
            let trickle = try #require(ClientIdentity("ios/3.0.0"))
            let (hour, time) = Self.hour(daysAgo: 3)
            try await server.store.recordClients(
                [ClientUsage(client: trickle, channel: "default", hour: hour, requests: 1, firstSeen: Self.hour(daysAgo: 20).time, lastSeen: time)],
                pruneBefore: Self.hour(daysAgo: 30).hour)
            #expect(try await server.app.routes.liveBuildIdentities(on: "default").map(\.description) == ["ios/3.0.0"])
        }
    }
}
