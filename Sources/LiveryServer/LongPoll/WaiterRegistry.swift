/// The long-poll waiters of one server, as a value-type state machine.
///
/// A waiter is a held request: it watches one view (a channel's or skin's
/// document with given variants and format) and holds the ETag it already has.
/// The registry answers three questions, and does nothing itself: which
/// waiters to wake when a view's bytes change, which waiters' deadlines have
/// passed at a given instant, and when the next deadline is. The caller owns
/// the clock, the timer and the responses, so this is tested without sockets
/// or sleeping.
package struct WaiterRegistry<View: Hashable, Handle> {
    package struct Waiter {
        package let id: UInt64
        package let view: View
        /// The entity tag the client holds; it is woken only when the view's tag differs.
        package let etag: String
        /// Seconds on the caller's monotonic clock.
        package let deadline: Double
        package let handle: Handle
    }

    private var waitersByView: [View: [UInt64: Waiter]] = [:]
    private var viewByID: [UInt64: View] = [:]
    /// Min-heap of (deadline, id); entries of removed waiters are skipped lazily.
    private var deadlines = DeadlineHeap()
    private var nextID: UInt64 = 1

    package init() {}

    /// Waiters currently held.
    package var count: Int { viewByID.count }

    /// Views with at least one waiter: the only ones worth re-resolving eagerly after a change.
    package var watchedViews: [View] { Array(waitersByView.keys) }

    /// Holds a request; returns its id (for `remove` when the client goes away).
    @discardableResult
    package mutating func add(view: View, etag: String, deadline: Double, handle: Handle) -> UInt64 {
        let id = nextID
        nextID &+= 1
        waitersByView[view, default: [:]][id] = Waiter(id: id, view: view, etag: etag, deadline: deadline, handle: handle)
        viewByID[id] = view
        deadlines.push(deadline: deadline, id: id)
        return id
    }

    /// Forgets a waiter (the client left, or it was answered elsewhere). Returns it if it was held.
    @discardableResult
    package mutating func remove(id: UInt64) -> Waiter? {
        guard let view = viewByID.removeValue(forKey: id) else { return nil }
        let waiter = waitersByView[view]?.removeValue(forKey: id)
        if waitersByView[view]?.isEmpty == true { waitersByView[view] = nil }
        return waiter
    }

    /// The view now has `etag`: removes and returns every waiter of it holding a different tag.
    /// Waiters whose tag is still current stay held: a change that does not alter the bytes
    /// a waiter would receive does not wake it (SPEC §3.1).
    package mutating func viewChanged(_ view: View, etag: String) -> [Waiter] {
        guard let waiters = waitersByView[view] else { return [] }
        let woken = waiters.values.filter { $0.etag != etag }
        for waiter in woken { remove(id: waiter.id) }
        return woken.sorted { $0.id < $1.id }
    }

    /// Removes and returns every waiter whose deadline is at or before `now`, oldest first.
    package mutating func expire(now: Double) -> [Waiter] {
        var expired: [Waiter] = []
        while let (deadline, id) = deadlines.peek(), deadline <= now {
            deadlines.pop()
            if let waiter = remove(id: id) { expired.append(waiter) }
        }
        return expired
    }

    /// The earliest deadline still held, for arming the caller's timer.
    package mutating func nextDeadline() -> Double? {
        while let (deadline, id) = deadlines.peek() {
            if viewByID[id] != nil { return deadline }
            deadlines.pop()
        }
        return nil
    }

    /// Removes and returns every waiter (shutdown: each must be answered).
    package mutating func removeAll() -> [Waiter] {
        let all = waitersByView.values.flatMap(\.values).sorted { $0.id < $1.id }
        waitersByView = [:]
        viewByID = [:]
        deadlines = DeadlineHeap()
        return all
    }
}

/// A binary min-heap of `(deadline, id)` pairs.
struct DeadlineHeap {
    private var entries: [(deadline: Double, id: UInt64)] = []

    func peek() -> (Double, UInt64)? {
        entries.first.map { ($0.deadline, $0.id) }
    }

    mutating func push(deadline: Double, id: UInt64) {
        entries.append((deadline, id))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() {
        guard !entries.isEmpty else { return }
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
