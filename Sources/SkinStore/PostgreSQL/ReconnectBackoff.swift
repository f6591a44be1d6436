/// When to try reconnecting to a database that went away: exponential backoff, as a value
/// type with the clock passed in, so the policy is tested without a database.
///
/// After each failed attempt the wait doubles, from ``initialDelay`` up to ``maximumDelay``;
/// a success resets it. Between attempts callers fail fast (the store answers 503) instead of
/// every request paying a connection timeout against a database that is down.
package struct ReconnectBackoff: Sendable, Equatable {
    /// The wait after the first failure.
    package var initialDelay: Duration = .milliseconds(100)
    /// The longest wait between attempts. 2 s: a restarted PostgreSQL is usually back within
    /// seconds, and writes should not stay refused long after it is.
    package var maximumDelay: Duration = .seconds(2)
    /// The current wait; zero while connected.
    package private(set) var delay: Duration = .zero
    /// No attempt before this instant (nil: try now).
    package private(set) var notBefore: ContinuousClock.Instant?

    package init() {}

    /// Whether an attempt may be made at `now`.
    package func mayAttempt(at now: ContinuousClock.Instant) -> Bool {
        notBefore.map { now >= $0 } ?? true
    }

    /// Records a failed attempt at `now`: the next one waits twice as long as the last.
    package mutating func failed(at now: ContinuousClock.Instant) {
        delay = delay == .zero ? initialDelay : min(delay * 2, maximumDelay)
        notBefore = now + delay
    }

    /// Records a successful connection: the next failure starts from ``initialDelay`` again.
    package mutating func succeeded() {
        delay = .zero
        notBefore = nil
    }
}
