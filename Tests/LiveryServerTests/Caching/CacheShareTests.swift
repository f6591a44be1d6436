import Testing
@testable import LiveryServer

/// A cache's share of the budget (``CacheShare``), without a server: bytes never pass the
/// share, the least recently used go first, an entry larger than the share is not kept, and an
/// owner's own stamps (reads on the event loops) count as uses.
@Suite struct CacheShareTests {
    @Test func bytesStayWithinTheShareAndTheLeastRecentlyUsedGoFirst() {
        var share = CacheShare<String, Int>(limit: 1_000)
        for index in 0..<5 { share.insert("k\(index)", index, bytes: 200) }
        #expect(share.bytes == 1_000 && share.count == 5)
        _ = share.value("k0")  // k0 is now the most recently used; k1 the least
        let evicted = share.insert("k5", 5, bytes: 200)
        #expect(share.bytes <= 1_000)
        #expect(evicted.contains(1) && !evicted.contains(0))
        #expect(share.peek("k0") == 0 && share.peek("k5") == 5)
        #expect(share.evictions == evicted.count)
    }

    @Test func anEntryLargerThanTheShareIsNotKept() {
        var share = CacheShare<String, Int>(limit: 100)
        share.insert("small", 1, bytes: 50)
        #expect(share.insert("huge", 2, bytes: 101).isEmpty)
        #expect(share.peek("huge") == nil && share.peek("small") == 1 && share.bytes == 50)
    }

    @Test func anOwnersStampsCountAsUses() {
        final class Box: Sendable {
            let stamp: UInt64
            init(_ stamp: UInt64) { self.stamp = stamp }
        }
        var share = CacheShare<String, Box>(limit: 300) { $0.stamp }
        share.insert("read-on-the-loop", Box(1_000), bytes: 100, at: 1)
        share.insert("cold-a", Box(0), bytes: 100, at: 2)
        share.insert("cold-b", Box(0), bytes: 100, at: 3)
        share.insert("new", Box(0), bytes: 100, at: 4)
        #expect(share.peek("read-on-the-loop") != nil, "kept: its own stamp says it was read last")
        #expect(share.peek("cold-a") == nil)
    }
}
