/// Deadlines of deferred requests that asked for a timeout: a binary min-heap per loop, because
/// unlike connection timeouts their durations differ. Answered entries are skipped when they
/// reach the top (lazy deletion), so answering costs nothing here.
struct DeferredTimeoutHeap {
    private var items: [(deadline: Int64, handle: HTTPDeferredResponse)] = []

    var earliest: Int64? { items.first?.deadline }
    var isEmpty: Bool { items.isEmpty }

    mutating func insert(_ handle: HTTPDeferredResponse, deadline: Int64) {
        items.append((deadline, handle))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[parent].deadline > items[i].deadline else { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func popExpired(now: Int64) -> HTTPDeferredResponse? {
        guard let first = items.first, first.deadline <= now else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var m = i
                if l < items.count, items[l].deadline < items[m].deadline { m = l }
                if r < items.count, items[r].deadline < items[m].deadline { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        if items.isEmpty { items = [] }
        return first.handle
    }
}
