/// When a build counts as live on a channel (docs/operations.md, "Which builds are live"): seen
/// there within ``days``, and either first seen within ``newBuildGrace`` or asked for at least
/// ``minRequests`` times over those days.
///
/// The one place the window's arithmetic is written: the release gate's rule, the request counts
/// of `GET /v1/clients` and the pruning of old hours all read it, so the hours a listing counts,
/// the hours kept and the instants the gate looks at cannot drift apart. Times are milliseconds
/// since 1970; an hour is an index of whole hours since 1970, the unit counts are stored in.
package struct LiveWindow: Sendable, Equatable {
    package static let hour: Int64 = 3_600_000
    package static let day: Int64 = 86_400_000
    /// How long a build first seen counts as live from its first request, whatever its count: a
    /// release reaches its first devices slowly, and the gate protects it at once.
    package static let newBuildGrace: Int64 = day

    /// Days a build counts as live after its last request (`compatibility.liveDays`).
    package let days: Int
    /// Requests over the window that keep a build live past its first day
    /// (`compatibility.liveMinRequests`): a request a day cannot keep an old build live.
    package let minRequests: Int

    package init(days: Int, minRequests: Int) {
        self.days = days
        self.minRequests = minRequests
    }

    /// The earliest instant a request counts in the window that ends at `now`.
    package func start(at now: Int64) -> Int64 { now - Int64(days) * Self.day }

    /// The hour an instant falls in.
    package static func hour(of instant: Int64) -> Int64 {
        instant >= 0 ? instant / hour : (instant - hour + 1) / hour
    }

    /// The hour holding the window's start: the oldest hour of counts the window still needs,
    /// so every hour before it can be pruned.
    package func firstHour(at now: Int64) -> Int64 { Self.hour(of: start(at: now)) }

    /// The whole hours a listing counts as the window (`requests30d`): `days` × 24 of them,
    /// ending with the hour of `now`.
    package func countedHours(at now: Int64) -> ClosedRange<Int64> {
        let current = Self.hour(of: now)
        return current - Int64(days) * 24 + 1...current
    }

    /// The 24 whole hours ending with the hour of `now` (`requests24h`).
    package static func lastDayHours(at now: Int64) -> ClosedRange<Int64> {
        let current = hour(of: now)
        return current - 23...current
    }

    /// Whether a build seen within the window is live: new (first seen within
    /// ``newBuildGrace``), or asked for often enough over it.
    package func isLive(firstSeen: Int64, requests: Int, at now: Int64) -> Bool {
        firstSeen >= now - Self.newBuildGrace || requests >= minRequests
    }
}
