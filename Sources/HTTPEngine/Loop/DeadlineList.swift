/// A FIFO of connections sharing one timeout duration, linked through the connections.
///
/// Every entry's deadline is "now + the same duration" at the time it was appended, so the list
/// is ordered by deadline for free: the earliest is always the head. Append, remove and re-arm
/// are O(1), and the loop's `epoll_wait` timeout is the minimum over a handful of heads: no
/// timer per connection and no heap.
struct DeadlineList {
    let kind: TimerKind
    let duration: Int64
    private(set) var head: Connection?
    private(set) var tail: Connection?

    init(kind: TimerKind, duration: Duration) {
        self.kind = kind
        self.duration = duration.nanoseconds
    }

    mutating func append(_ c: Connection, now: Int64) {
        c.deadline = now &+ duration
        c.timerList = kind
        c.timerPrev = tail
        c.timerNext = nil
        if let tail { tail.timerNext = c } else { head = c }
        tail = c
    }

    mutating func remove(_ c: Connection) {
        if let p = c.timerPrev { p.timerNext = c.timerNext } else { head = c.timerNext }
        if let n = c.timerNext { n.timerPrev = c.timerPrev } else { tail = c.timerPrev }
        c.timerPrev = nil
        c.timerNext = nil
        c.timerList = .none
    }

    /// The head, if its deadline has passed (removed from the list).
    mutating func popExpired(now: Int64) -> Connection? {
        guard let h = head, h.deadline <= now else { return nil }
        remove(h)
        return h
    }
}

extension Duration {
    /// Whole nanoseconds, saturating.
    var nanoseconds: Int64 {
        let (s, a) = components
        let (ns, overflow) = s.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max / 2 : ns &+ a / 1_000_000_000
    }
}
