import Testing
@testable import SkinModel

/// The live window's arithmetic (docs/operations.md, "Which builds are live"), which the gate,
/// the listing's counts and the pruning of old hours share.
@Suite struct LiveWindowTests {
    let window = LiveWindow(days: 30, minRequests: 100)
    /// 2026-12-07T21:40:00Z.
    let now: Int64 = 1_796_679_600_000

    @Test("the window starts exactly its days before now, inside the first hour kept")
    func startAndFirstHour() {
        let start = window.start(at: now)
        #expect(now - start == 30 * 86_400_000)
        let first = window.firstHour(at: now)
        #expect(first * LiveWindow.hour <= start && start < (first + 1) * LiveWindow.hour)
    }

    @Test("a listing counts days × 24 whole hours ending with now's, and none before the hours kept")
    func countedHours() {
        let hours = window.countedHours(at: now)
        #expect(hours.count == 30 * 24)
        #expect(hours.upperBound == LiveWindow.hour(of: now))
        #expect(hours.lowerBound >= window.firstHour(at: now))
        #expect(LiveWindow.lastDayHours(at: now).count == 24)
        #expect(LiveWindow.lastDayHours(at: now).upperBound == hours.upperBound)
    }

    @Test("hours are whole hours, also before 1970")
    func hours() {
        #expect(LiveWindow.hour(of: 0) == 0)
        #expect(LiveWindow.hour(of: 3_599_999) == 0)
        #expect(LiveWindow.hour(of: 3_600_000) == 1)
        #expect(LiveWindow.hour(of: -1) == -1)
        #expect(LiveWindow.hour(of: -3_600_000) == -1)
        #expect(LiveWindow.hour(of: -3_600_001) == -2)
    }

    @Test("a build is live while new, or while asked for often enough; a trickle is not enough")
    func rule() {
        let day = LiveWindow.day
        #expect(window.isLive(firstSeen: now - day + 1, requests: 1, at: now))
        #expect(window.isLive(firstSeen: now - day, requests: 1, at: now))
        #expect(!window.isLive(firstSeen: now - day - 1, requests: 99, at: now))
        #expect(window.isLive(firstSeen: now - 20 * day, requests: 100, at: now))
        #expect(LiveWindow(days: 30, minRequests: 1).isLive(firstSeen: now - 20 * day, requests: 1, at: now))
    }
}
