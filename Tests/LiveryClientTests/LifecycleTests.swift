import Foundation
import TestSupport
import Synchronization
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

    /// The polling loop waits the server's `Retry-After` when it is longer than its own backoff.
    /// The loop's waits are the test's (`RetryPolicy.sleep`): it sees each delay the loop asks
    /// for, in order, without waiting it (real waits made this test stall in loaded full runs).
    @Test func theLoopWaitsTheServersRetryAfterEvenWhenItsBackoffIsShorter() async throws {
        ScriptedProtocol.script.withLock { $0 = .init(status: 503, headers: ["Retry-After": "1"]) }
        let events = EventLog()
        let slept = Mutex<[Duration]>([])
        let client = try LiveryClient(configuration: LiveryClientConfiguration(
            baseURL: URL(string: "http://livery.invalid")!, session: ScriptedProtocol.session,
            retry: RetryPolicy(base: .milliseconds(10), cap: .milliseconds(20), sleep: { delay in
                slept.withLock { $0.append(delay) }
                await Task.yield()
                return !Task.isCancelled
            }),
            eventHandler: events.handler))
        let consumer = Task { for await _ in client.updates() {} }
        defer { consumer.cancel() }
        try await waitUntil("three requests were answered") { ScriptedProtocol.script.withLock { $0.requests.count } >= 3 }
        consumer.cancel()
        #expect(events.retries.prefix(2).map(\.delay) == [.seconds(1), .seconds(1)], "Retry-After: 1 outweighs a 10–20 ms backoff")
        // Each second is waited a quarter at a time, so a pause is noticed within 250 ms.
        #expect(Array(slept.withLock { $0 }.prefix(8)) == Array(repeating: .milliseconds(250), count: 8))
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
