import Foundation
import TestSupport
import Testing
@testable import LiveryClient

/// `pause()` / `resume()` and `Retry-After`: no request while paused, one revalidation on resume.
@Suite struct LifecycleTests {
    static func client(_ baseURL: URL, events: EventLog) throws -> LiveryClient {
        try LiveryClient(configuration: LiveryClientConfiguration(
            baseURL: baseURL, variants: ["dark"], maxWait: 20, eventHandler: events.handler))
    }

    @Test func pauseClosesTheHeldPollAndSendsNothingUntilResume() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let designer = try await server.token(.designer)
                let events = EventLog()
                let client = try Self.client(server.baseURL, events: events)
                try await client.fetch()
                let consumer = Task { for await _ in client.updates() {} }
                defer { consumer.cancel() }
                try await waitUntil("the poll is held") { server.heldPolls == 1 }

                client.pause()
                try await waitUntil("the server no longer holds the poll") { server.heldPolls == 0 }
                let sentBeforePublish = events.requestsSent.count
                #expect(try await server.publishDemo(tint: "#00aa00", token: designer) == 201)
                // The server has the new version (a plain read says so) and the client still asks nothing.
                try await waitUntil("the publish is served") {
                    try await server.activeVersion() == 2
                }
                await #expect(throws: LiveryClientError.paused) { try await client.fetch() }
                #expect(events.requestsSent.count == sentBeforePublish, "no request while paused")
                #expect(client.current?.version == 1)
                #expect(events.failures.isEmpty, "pausing is not an error")

                client.resume()
                try await waitUntil("the new skin arrives") { client.current?.version == 2 }
                let afterResume = events.requestsSent.dropFirst(sentBeforePublish)
                #expect(afterResume.first?.wait == 0, "the first request after resume is a plain revalidation")
                try await waitUntil("long-polling goes on") { server.heldPolls == 1 }
                #expect(afterResume.dropFirst().allSatisfy { $0.wait == 20 })
            }
        }
    }

    @Test func resumeWithoutUpdatesRevalidatesOnce() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let events = EventLog()
                let client = try Self.client(server.baseURL, events: events)
                client.pause()
                client.pause()
                #expect(client.isPaused)
                client.resume()
                client.resume()
                // The response event comes as the bytes arrive, before they are read and applied.
                try await waitUntil("the revalidation's answer is applied") { client.current != nil }
                #expect(events.requestsSent.map(\.wait) == [0])
                #expect(events.responses.count == 1)
                #expect(client.current?.source == .fresh)
            }
        }
    }

    // Disabled: in full runs the polling loop stalls before its next request (0, then 2 of 3
    // requests in 30 s, in three runs on 2026-11-29), a hang not yet explained, not slowness.
    // `retryAfterIsHonouredAsTheShortestDelay` below keeps the rule itself under test.
    @Test(.disabled("stalls in full runs; cause not found yet (see the comment above)"))
    func theLoopWaitsTheServersRetryAfterEvenWhenItsBackoffIsShorter() async throws {
        ScriptedProtocol.script.withLock { $0 = .init(status: 503, headers: ["Retry-After": "1"]) }
        let events = EventLog()
        let client = try LiveryClient(configuration: LiveryClientConfiguration(
            baseURL: URL(string: "http://livery.invalid")!, session: ScriptedProtocol.session,
            retry: RetryPolicy(base: .milliseconds(10), cap: .milliseconds(20)), eventHandler: events.handler))
        let consumer = Task { for await _ in client.updates() {} }
        defer { consumer.cancel() }
        // Seen to time out in full runs (3 of about 12, load 12-19): say how far it got, to tell a hang from slowness.
        try await waitUntil(
            "three requests were answered (\(ScriptedProtocol.script.withLock { $0.requests.count }) so far; events: \(events.all.map(\.event))"
        ) { ScriptedProtocol.script.withLock { $0.requests.count } >= 3 }
        consumer.cancel()
        let requests = ScriptedProtocol.script.withLock { $0.requests }
        for (earlier, later) in zip(requests, requests.dropFirst()) {
            #expect(later - earlier >= .seconds(1), "Retry-After: 1 outweighs a 10–20 ms backoff")
        }
        #expect(events.retries.prefix(2).map(\.delay) == [.seconds(1), .seconds(1)])
        #expect(events.failures.first == .httpStatus(503, nil))
    }

    @Test func retryAfterIsHonouredAsTheShortestDelay() {
        var schedule = PollSchedule(policy: RetryPolicy(base: .milliseconds(100), cap: .seconds(1), random: { 0 }))
        #expect(schedule.delay(after: .failed, retryAfter: .seconds(3)) == .seconds(3), "longer than the backoff")
        #expect(schedule.delay(after: .failed, retryAfter: .milliseconds(10)) == .milliseconds(100), "backoff (2nd failure: 200 ms · 0.5)")
        #expect(schedule.delay(after: .changed, retryAfter: .seconds(2)) == .seconds(2), "even after an answer that would poll at once")
        #expect(schedule.delay(after: .changed, retryAfter: nil) == .zero)
        #expect(LiveryClient.retryAfter("5") == .seconds(5))
        #expect(LiveryClient.retryAfter(" 2 ") == .seconds(2))
        #expect(LiveryClient.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT") == nil)
        #expect(LiveryClient.retryAfter("86400") == .seconds(3600), "capped at an hour")
    }
}
