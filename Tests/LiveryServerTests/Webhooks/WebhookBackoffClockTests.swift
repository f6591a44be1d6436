import Foundation
import Logging
import SkinStore
import Synchronization
import Testing

@testable import LiveryServer

/// The outbox's retry timing, with an injected clock rather than a day of waiting (docs/api.md,
/// "Webhooks"): a delivery its receiver keeps refusing is tried again 1 s after the first
/// attempt, then 2 s, 4 s, … at most an hour apart, never earlier than due, until a day after the
/// event; then it has failed and nothing more is sent. The store, the dispatcher and a receiver
/// are real; only time is the test's.
@Suite struct WebhookBackoffClockTests {
    /// Milliseconds since 1970 that move only when the test moves them.
    final class ManualClock: Sendable {
        private let now: Mutex<Int64>
        init(_ start: Int64) { now = Mutex(start) }
        var milliseconds: Int64 { now.withLock { $0 } }
        func set(_ value: Int64) { now.withLock { $0 = value } }
    }

    @Test(arguments: GateBackend.available)
    func attemptsFollowTheBackoffForADayAndThenStop(backend: GateBackend) async throws {
        let receiver = try WebhookEndpointTests.Receiver(statuses: [503])
        defer { Task { await receiver.server.shutdown(grace: .zero) } }
        try await backend.run(configure: { $0.webhooksAllowPrivateTargets = true }) { server in
            // Only the dispatcher below sends, when the test says, at the time the test says.
            await server.app.webhooks.stop()
            let admin = try await server.token(.admin), designer = try await server.token(.designer)
            let webhook = try #require(
                try await WebhookEndpointTests.register(server, url: receiver.url, events: #"["publish"]"#, token: admin).json["id"] as? Int)
            #expect(try await server.publish("app", Release.skin(tint: "#123456"), token: designer).status == 201)
            let delivery = try #require(try await server.store.webhookDeliveries(webhook).first)
            let created = try #require(Timestamp.milliseconds(fromRFC3339: delivery.createdAt))

            let clock = ManualClock(created)
            let dispatcher = WebhookDispatcher(
                store: server.store, allowPrivateTargets: true, interval: .seconds(3_600), logger: Logger(label: "test"),
                clock: { clock.milliseconds })

            // The schedule docs/api.md promises, written out here rather than taken from WebhookRetry.
            var expected: [Int64] = [created]
            var wait: Int64 = 1_000
            while expected.last! + wait - created <= 86_400_000 {
                expected.append(expected.last! + wait)
                wait = min(wait * 2, 3_600_000)
            }
            #expect(expected.count == 35, "12 doublings to the hour, then hourly to the day: \(expected.count)")

            for (index, due) in expected.enumerated() {
                if index > 0 {
                    clock.set(due - 1)
                    await dispatcher.pass()
                    #expect(receiver.requests.count == index, "attempt \(index + 1) not before it is due")
                }
                clock.set(due)
                await dispatcher.pass()
                #expect(receiver.requests.count == index + 1, "attempt \(index + 1) when due, \(due - created) ms after the event")
            }
            // A day has passed: the delivery has failed, and nothing more is sent however long one waits.
            clock.set(created + 86_400_000 + 7_200_000)
            await dispatcher.pass()
            #expect(receiver.requests.count == expected.count)
            let finished = try #require(try await server.store.webhookDeliveries(webhook).first)
            #expect(finished.state == .failed && finished.attempts.count == expected.count)
            let times = finished.attempts.sorted { $0.number < $1.number }.compactMap { Timestamp.milliseconds(fromRFC3339: $0.at) }
            #expect(times == expected, "each attempt recorded at the time it was made")
            #expect(finished.attempts.allSatisfy { $0.status == 503 })
        }
    }
}
