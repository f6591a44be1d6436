#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import TestSupport
import Testing
@testable import HTTPEngine

/// The readiness layer on its own, over socket pairs: what a wait reports for each backend.
@Suite("Readiness selectors", .offThePool)  // selector waits block (up to 10 s): not on the cooperative pool
struct ReadinessSelectorTests {
    /// A connected pair of local stream sockets, the loop's end non-blocking; closed by `close()`.
    struct Pair {
        let loopEnd: Int32
        let peer: Int32
        init() throws {
            var ends: [Int32] = [-1, -1]
            #if canImport(Glibc)
            let type = Int32(SOCK_STREAM.rawValue)
            #else
            let type = SOCK_STREAM
            #endif
            guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw TestError("socketpair failed: errno \(errno)") }
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            loopEnd = ends[0]
            peer = ends[1]
        }
        func send(_ text: String) { _ = text.withCString { write(peer, $0, strlen($0)) } }
        func close() {
            _ = closeDescriptor(loopEnd)
            _ = closeDescriptor(peer)
        }
    }

    /// One wait: the events as (tag, flags).
    static func events(_ selector: any ReadinessSelector, timeout: Int32 = 0) -> [(tag: UInt64, flags: UInt32)] {
        let tags = UnsafeMutablePointer<UInt64>.allocate(capacity: 16)
        let flags = UnsafeMutablePointer<UInt32>.allocate(capacity: 16)
        defer {
            tags.deallocate()
            flags.deallocate()
        }
        let n = selector.wait(tags: tags, flags: flags, capacity: 16, timeoutMilliseconds: timeout)
        return (0..<Int(max(n, 0))).map { (tags[$0], flags[$0]) }
    }

    @Test(arguments: HTTPEventBackend.available) func aWakeFromAnotherThreadEndsTheWait(_ backend: HTTPEventBackend) throws {
        let selector = try EventLoop.makeSelector(backend)
        defer { selector.close() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { [box = UncheckedBox(selector)] in
            box.value.wake()
        }
        let woken = Self.events(selector, timeout: 10_000)
        #expect(woken.map(\.tag) == [EventLoop.wakeTag])
        selector.consumeWake()
        #expect(Self.events(selector).isEmpty, "the wake-up was reported again after it was consumed")
    }

    @Test(arguments: HTTPEventBackend.available) func eventsCarryTheirTagsAfterRemovals(_ backend: HTTPEventBackend) throws {
        let selector = try EventLoop.makeSelector(backend)
        defer { selector.close() }
        let pairs = try (0..<3).map { _ in try Pair() }
        defer { for p in pairs { p.close() } }
        for (i, p) in pairs.enumerated() { #expect(selector.register(p.loopEnd, tag: 100 + UInt64(i), interest: .readable)) }
        // Removing the first moves another into its place (poll) or deletes a registration (epoll).
        selector.remove(pairs[0].loopEnd)
        pairs[0].send("a")
        pairs[2].send("c")
        let ready = Self.events(selector, timeout: 1000).filter { $0.flags & ReadyFlags.readable != 0 }
        #expect(ready.map(\.tag) == [102])
    }

    /// poll(2) is level-triggered: it reports what the interest names for as long as it holds,
    /// and nothing the interest leaves out (which is why the loop keeps interest up to date).
    @Test func pollReportsOnlyTheInterestAndKeepsReportingIt() throws {
        let selector = try PollSelector()
        defer { selector.close() }
        let pair = try Pair()
        defer { pair.close() }
        #expect(selector.register(pair.loopEnd, tag: 7, interest: .readable))
        #expect(Self.events(selector).isEmpty)
        pair.send("x")
        #expect(Self.events(selector).map(\.flags) == [ReadyFlags.readable])
        #expect(Self.events(selector).map(\.flags) == [ReadyFlags.readable], "level-triggered: still unread, still reported")
        selector.modify(pair.loopEnd, interest: [])
        #expect(Self.events(selector).isEmpty, "reported with no interest: a loop that paused reading would spin")
        selector.modify(pair.loopEnd, interest: .writable)
        #expect(Self.events(selector).map(\.flags) == [ReadyFlags.writable])
        selector.modify(pair.loopEnd, interest: .readable)
        shutdown(pair.peer, Int32(SHUT_WR))
        let ended = Self.events(selector)
        #expect(ended.count == 1 && ended[0].flags & ReadyFlags.readable != 0, "end of stream must be readable")
    }
}

/// For handing a non-Sendable selector to the thread that only calls `wake()` (which is safe
/// from any thread, see `ReadinessSelector`).
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// `close(2)` under a name a type with its own `close()` can call.
func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
