/// How `updates()` waits after a failed poll: capped exponential backoff with jitter.
///
/// The n-th consecutive failure waits `min(cap, base · 2^(n−1))`, scaled by a random factor
/// in 0.5…1 ("equal jitter": clients that lost the server together spread out when it
/// returns, yet never retry at once). A success resets the count.
public struct RetryPolicy: Sendable {
    /// The delay after the first failure, before jitter.
    public var base: Duration
    /// The longest delay, before jitter.
    public var cap: Duration
    /// A number in 0..<1 per call; injectable so tests can fix the jitter.
    public var random: @Sendable () -> Double
    /// Waits the given time, returning false when the task was cancelled first; injectable so
    /// tests follow the polling loop's delays without waiting them.
    public var sleep: @Sendable (Duration) async -> Bool

    /// - Parameters:
    ///   - base: the first delay before jitter (default 0.5 s).
    ///   - cap: the longest delay before jitter (default 30 s).
    ///   - random: uniform in 0..<1 (default `Double.random(in:)`).
    ///   - sleep: waits a delay (default `Task.sleep(for:)`).
    public init(
        base: Duration = .milliseconds(500), cap: Duration = .seconds(30),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping @Sendable (Duration) async -> Bool = { (try? await Task.sleep(for: $0)) != nil }
    ) {
        self.base = base
        self.cap = max(cap, base)
        self.random = random
        self.sleep = sleep
    }

    /// The delay after `failures` consecutive failures (1 for the first).
    public func delay(afterFailures failures: Int) -> Duration {
        let exponent = min(max(failures - 1, 0), 30)  // 2^30 · base exceeds any sensible cap
        let raw = base * (1 << exponent)
        let capped = raw > cap ? cap : raw
        let jitter = 0.5 + 0.5 * min(max(random(), 0), 1)
        return capped * jitter
    }
}
