import Foundation
import TestSupport
import Testing
@testable import LiveryClient

/// `updates()`: long-polling against a real server, backoff, recovery and cancellation.
///
/// Timing: tests wait for conditions (the server's held-poll count, the client's events) with
/// generous timeouts rather than sleeping. The documented "within a second" is not asserted here: server
/// and client share this test process with every other suite, and in full `swift test` runs on
/// the 2-core CI machine the wake-up was timed at 5.4, 5.5 and 12.2 s from the acknowledged publish,
/// which measures the test runner's thread pool, not Livery. The one-second bound is asserted where
/// the server runs in a process of its own (`LiveryCommandTests`, `PostgresEndToEndTests`); here a
/// liveness bound tells "woken by the publish" from "answered at the 20 s timeout".
@Suite struct UpdatesTests {
    static func client(_ baseURL: URL, events: EventLog, retry: RetryPolicy = RetryPolicy(), maxWait: Int = 20) throws -> LiveryClient {
        try LiveryClient(configuration: LiveryClientConfiguration(
            baseURL: baseURL, variants: ["dark"], maxWait: maxWait, retry: retry, eventHandler: events.handler))
    }

    @Test func aPublishArrivesThroughTheHeldPoll() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let designer = try await server.token(.designer)
                let events = EventLog()
                let client = try Self.client(server.baseURL, events: events)
                let before = try await client.fetch()
                let updates = client.updates()
                async let next = first(of: updates)
                try await waitUntil("the poll is held") { server.heldPolls == 1 }
                #expect(events.requestsSent.last?.wait == 20, "a long-poll, since the held skin is fresh")

                #expect(try await server.publishDemo(tint: "#00aa00", token: designer) == 201)
                let published = ContinuousClock.now
                let skin = try await next
                let latency = ContinuousClock.now - published
                #expect(latency < .seconds(15), "woken by the publish, not by the 20 s timeout; took \(latency)")
                #expect(events.requestsSent.count >= 2 && events.requestsSent[1].wait == 20, "the fetch, then the held poll")
                let answers = events.responses
                #expect(answers.count >= 2 && answers[1].status == 200, "the held poll itself carried the new skin: \(answers.map(\.status))")
                #expect(skin.version == before.version + 1)
                #expect(skin.source == .fresh)
                #expect(skin.etag != before.etag)
                #expect(client.current == skin)
                #expect(skin.lineage == ["demo@2"])
            }
        }
    }

    @Test func aHeld304IsFollowedAtOnceByTheNextPoll() async throws {
        try await withTemporaryFolder { folder in
            // The server caps waits at 1 s and says so (`Preference-Applied: wait=1`): its 304s
            // are held answers, not a reason to back off.
            try await LiveServer.run(folder: folder, configure: { $0.maxWait = 1 }) { server in
                let events = EventLog()
                let client = try Self.client(server.baseURL, events: events, maxWait: 30)
                try await client.fetch()
                let consumer = Task { for await _ in client.updates() {} }
                defer { consumer.cancel() }
                try await waitUntil("three polls were answered") { events.responses.count >= 4 }
                #expect(events.responses.prefix(4).map(\.status) == [200, 304, 304, 304])
                #expect(events.retries.isEmpty, "no backoff after held 304s")
                let polls = events.requestsSent.dropFirst().prefix(3)
                #expect(polls.allSatisfy { $0.wait == 30 })
                for (earlier, later) in zip(polls, polls.dropFirst()) {
                    #expect(later.at - earlier.at >= .milliseconds(900), "each poll was held by the server, not repeated in a loop")
                }
            }
        }
    }

    @Test func twoSequencesShareOnePoll() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let designer = try await server.token(.designer)
                let events = EventLog()
                let client = try Self.client(server.baseURL, events: events)
                try await client.fetch()
                async let a = first(of: client.updates())
                async let b = first(of: client.updates())
                // Both sequences exist and a poll is held; a (wrong) second poller would have been
                // started with the second sequence, its poll already on its way.
                try await waitUntil("both sequences are subscribed") { client.state.withLock { $0.subscribers.count } == 2 }
                try await waitUntil("a poll is held") { server.heldPolls >= 1 }
                #expect(try await server.publishDemo(tint: "#00aa00", token: designer) == 201)
                let (first, second) = try await (a, b)
                #expect(first == second)
                #expect(first.version == 2)
                // Up to the answer that carried version 2, the client sent the fetch and one poll:
                // a second poll would have been held too, and answered by the same publish.
                let answers = events.all.filter { if case .responseReceived(status: 200, _) = $0.event { true } else { false } }
                let answered = try #require(answers.dropFirst().first, "the fetch's 200, then the poll's")
                #expect(events.requestsSent.filter { $0.at <= answered.at }.count == 2, "the fetch and one poll")
            }
        }
    }

    @Test func backsOffWhileTheServerIsDownAndRecoversWhenItReturns() async throws {
        try await withTemporaryFolder { folder in
            let events = EventLog()
            // Jitter fixed at its middle (factor 0.75): delays 75, 150, 300, 600, 600… ms.
            let retry = RetryPolicy(base: .milliseconds(100), cap: .milliseconds(800), random: { 0.5 })
            // The server comes back on the same port, so its first port is not an ephemeral one (below
            // 32768, Linux's ip_local_port_range): a port 0 server's port, once free, was taken by
            // another test's connection or server before the restart in a full run.
            var first: (client: LiveryClient, port: Int, designer: String)?
            for port in (0..<20).map({ _ in Int.random(in: 20_000..<32_000) }) where first == nil {
                do {
                    first = try await LiveServer.run(folder: folder, port: port) { server in
                        let client = try Self.client(server.baseURL, events: events, retry: retry)
                        try await client.fetch()
                        return (client, server.port, try await server.token(.designer))
                    }
                } catch where "\(error)".contains("already in use") {
                    continue
                }
            }
            let (client, port, designer) = try #require(first, "no free port below the ephemeral range in 20 tries")
            let consumer = Task { () -> Skin? in
                for await skin in client.updates() { return skin }
                return nil
            }
            defer { consumer.cancel() }
            try await waitUntil("five retries are scheduled") { events.retries.count >= 5 }
            let retries = events.retries.prefix(5)
            #expect(retries.map(\.delay) == [75, 150, 300, 600, 600].map { .milliseconds($0) })
            #expect(retries.map(\.failures) == [1, 2, 3, 4, 5])
            #expect(events.failures.allSatisfy { if case .unreachable = $0 { true } else { false } })
            // Never sooner than scheduled: each request leaves at least `delay` after its retry was scheduled.
            let sent = events.requestsSent.map(\.at)
            for retry in retries.prefix(4) {
                let next = try #require(sent.first { $0 > retry.at }, "a request after each retry")
                #expect(next - retry.at >= retry.delay)
            }

            // The server returns on the same port and database, and publishes.
            try await LiveServer.run(folder: folder, port: port) { server in
                try await waitUntil("a poll is held again") { server.heldPolls == 1 }
                #expect(try await server.publishDemo(tint: "#00aa00", token: designer) == 201)
                let skin = try #require(try await withTimeout { await consumer.value })
                #expect(skin.version == 2)
                #expect(client.current?.version == 2)
            }
        }
    }

    @Test func cancellingTheConsumerEndsTheSequenceAndThePolling() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let events = EventLog()
                let client = try Self.client(server.baseURL, events: events)
                try await client.fetch()
                let consumer = Task { () -> Int in
                    var received = 0
                    for await _ in client.updates() { received += 1 }
                    return received
                }
                try await waitUntil("the poll is held") { server.heldPolls == 1 }
                consumer.cancel()
                let received = try await withTimeout { await consumer.value }
                #expect(received == 0, "the sequence ended without an element")
                #expect(client.isPolling == false)
                // The loop has wound down: nothing can send after this point.
                await client.state.withLock { $0.retiring }?.value
                let sent = events.requestsSent.count
                try await waitUntil("the server let go of the held request") { server.heldPolls == 0 }
                #expect(events.requestsSent.count == sent, "no request after cancellation")
                #expect(sent == 2, "the fetch and the one poll")
            }
        }
    }
}

/// `body`'s result, or `TimedOut` after `timeout`.
func withTimeout<T: Sendable>(_ timeout: Duration = .seconds(20), _ body: @escaping @Sendable () async -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TimedOut(description: "no result within \(timeout)")
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
