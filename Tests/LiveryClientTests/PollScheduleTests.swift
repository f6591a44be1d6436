import Testing
@testable import LiveryClient

/// The pacing of the long-poll loop, without a network.
@Suite struct PollScheduleTests {
    @Test func backoffDoublesUpToTheCapWithJitterBetweenHalfAndWhole() {
        let whole = RetryPolicy(base: .milliseconds(100), cap: .milliseconds(800), random: { 1 })
        #expect((1...6).map { whole.delay(afterFailures: $0) } == [100, 200, 400, 800, 800, 800].map { .milliseconds($0) })
        let half = RetryPolicy(base: .milliseconds(100), cap: .milliseconds(800), random: { 0 })
        #expect((1...5).map { half.delay(afterFailures: $0) } == [50, 100, 200, 400, 400].map { .milliseconds($0) })
        let huge = RetryPolicy(base: .seconds(1), cap: .seconds(30), random: { 1 })
        #expect(huge.delay(afterFailures: 10_000) == .seconds(30), "no overflow after many failures")
    }

    @Test func changesAndHeldAnswersRepollAtOnceFailuresAndEarlyAnswersBackOff() {
        var schedule = PollSchedule(policy: RetryPolicy(base: .milliseconds(100), cap: .seconds(1), random: { 1 }))
        #expect(schedule.delay(after: .failed) == .milliseconds(100))
        #expect(schedule.delay(after: .failed) == .milliseconds(200))
        // A 304 that came back at once, although 30 s were asked: not held, so not a reason to spin.
        #expect(schedule.delay(after: .unchanged(elapsed: .milliseconds(5), wait: 30)) == .milliseconds(400))
        #expect(schedule.failures == 3)
        // Held for (at least half) the wait the server applied: fine, again at once.
        #expect(schedule.delay(after: .unchanged(elapsed: .seconds(10), wait: 20)) == .zero)
        #expect(schedule.failures == 0)
        #expect(schedule.delay(after: .failed) == .milliseconds(100))
        #expect(schedule.delay(after: .changed) == .zero)
        // A plain revalidation (wait 0) answers at once by design.
        #expect(schedule.delay(after: .unchanged(elapsed: .milliseconds(1), wait: 0)) == .zero)
    }
}
