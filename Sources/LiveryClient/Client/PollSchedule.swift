/// Decides how long the long-poll loop waits before its next request: a value type, tested
/// without a network.
///
/// - A change: poll again at once (with the new ETag).
/// - No change after the server held the request (at least half the wait it applied): poll
///   again at once.
/// - No change sooner than that (a server shutting down answers held polls with 304, and a
///   proxy may strip `Prefer`), or a failure: back off, so that the loop never spins.
/// Any answer that is not early resets the backoff.
struct PollSchedule: Sendable {
    enum Outcome: Sendable {
        case changed
        /// `elapsed` since the request was sent; `wait` the seconds asked or, if the server said, applied.
        case unchanged(elapsed: Duration, wait: Int)
        case failed
    }

    let policy: RetryPolicy
    private(set) var failures = 0

    init(policy: RetryPolicy) {
        self.policy = policy
    }

    /// The delay before the next poll: zero means at once; never shorter than the server's
    /// `Retry-After` when it sent one (RFC 9110 §10.2.3: a 503, or a long-poll turned away at
    /// once because the server holds as many as it allows).
    mutating func delay(after outcome: Outcome, retryAfter: Duration?) -> Duration {
        let scheduled = delay(after: outcome)
        guard let retryAfter else { return scheduled }
        if scheduled == .zero { failures += 1 }
        return max(scheduled, retryAfter)
    }

    /// The delay before the next poll; zero means at once.
    mutating func delay(after outcome: Outcome) -> Duration {
        switch outcome {
        case .changed:
            failures = 0
            return .zero
        case .unchanged(let elapsed, let wait) where wait <= 0 || elapsed * 2 >= .seconds(wait):
            failures = 0
            return .zero
        case .unchanged, .failed:
            failures += 1
            return policy.delay(afterFailures: failures)
        }
    }
}
