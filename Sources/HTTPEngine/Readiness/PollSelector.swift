#if canImport(Glibc)
import Glibc
import CLinuxEvents
#elseif canImport(Darwin)
import Darwin
#endif

/// The portable backend: `poll(2)` over every descriptor of the loop, and a self-pipe for
/// wake-ups. The same code runs on Linux and Darwin, so the test suite here runs what a Mac runs.
///
/// Why `poll(2)` and not kqueue or Dispatch sources: kqueue is what a production Darwin backend
/// would use (O(ready events), like epoll), but it does not exist on Linux, so not one line of it
/// could be tested here, and Darwin is only the development platform (docs/operations.md). Dispatch sources
/// run on both, but funnel every socket through Dispatch's own threads (on Linux one epoll and a
/// manager thread: measured at 6.4 syscalls a request, docs/architecture.md design B) and would make the
/// loop's confinement to one thread a matter of queues. `poll(2)` keeps the loop as it is.
///
/// The cost: each wait passes and scans the whole descriptor array, O(open connections), and
/// the loop re-derives every connection's interest before each wait (`syncInterest`). Fine for a
/// developer's few hundred connections; at thousands of connections (long-polls) each request
/// pays for all of them, so production on Linux uses epoll. `poll(2)` is level-triggered, hence
/// the interest rules in `ReadinessInterest`.
final class PollSelector: ReadinessSelector {
    private var descriptors: [pollfd] = []
    private var tags: [UInt64] = []
    /// Index of each descriptor in `descriptors` (removal swaps the last one in).
    private var slots: [Int32: Int] = [:]
    /// Where the next scan of results starts, so that with more ready descriptors than fit in
    /// one wait's events, the ones late in the array are not left behind every time.
    private var cursor = 0
    private let wakeRead: Int32
    private let wakeWrite: Int32

    init() throws(HTTPServerError) {
        var ends: [Int32] = [-1, -1]
        guard SystemCalls.makePipe(&ends) else { throw .system("pipe2", errno) }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        _ = register(wakeRead, tag: EventLoop.wakeTag, interest: .readable)
    }

    var isLevelTriggered: Bool { true }

    func register(_ fd: Int32, tag: UInt64, interest: ReadinessInterest) -> Bool {
        guard slots[fd] == nil else {
            errno = EEXIST
            return false
        }
        slots[fd] = descriptors.count
        descriptors.append(pollfd(fd: fd, events: Self.events(interest), revents: 0))
        tags.append(tag)
        return true
    }

    func modify(_ fd: Int32, interest: ReadinessInterest) {
        guard let slot = slots[fd] else { return }
        descriptors[slot].events = Self.events(interest)
    }

    func remove(_ fd: Int32) {
        guard let slot = slots.removeValue(forKey: fd) else { return }
        let last = descriptors.count - 1
        if slot != last {
            descriptors[slot] = descriptors[last]
            tags[slot] = tags[last]
            slots[descriptors[slot].fd] = slot
        }
        descriptors.removeLast()
        tags.removeLast()
    }

    func wait(
        tags out: UnsafeMutablePointer<UInt64>, flags: UnsafeMutablePointer<UInt32>, capacity: Int32,
        timeoutMilliseconds: Int32
    ) -> Int32 {
        let ready = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds) }
        guard ready > 0 else { return ready }
        let total = descriptors.count
        var found: Int32 = 0
        var seen: Int32 = 0
        var i = cursor < total ? cursor : 0
        for _ in 0..<total where seen < ready && found < capacity {
            let d = descriptors[i]
            if d.revents != 0 {
                seen += 1
                out[Int(found)] = tags[i]
                flags[Int(found)] = Self.flags(d.revents, watched: d.events)
                found += 1
            }
            i = i + 1 == total ? 0 : i + 1
        }
        cursor = i
        return found
    }

    func wake() {
        var byte: UInt8 = 1
        // EAGAIN (the pipe is full) is fine: a wake-up is pending anyway.
        _ = write(wakeWrite, &byte, 1)
    }

    func consumeWake() {
        var sink = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &sink, { read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    }

    func close() {
        #if canImport(Glibc)
        _ = Glibc.close(wakeRead)
        _ = Glibc.close(wakeWrite)
        #else
        _ = Darwin.close(wakeRead)
        _ = Darwin.close(wakeWrite)
        #endif
    }

    /// The `poll` events for an interest. On Linux `POLLRDHUP` too, so a client that leaves is
    /// seen as a hang-up at once, as epoll's `EPOLLRDHUP` shows it (Darwin reports it as POLLHUP).
    private static func events(_ interest: ReadinessInterest) -> Int16 {
        var events: Int16 = 0
        if interest.contains(.readable) {
            events |= Int16(POLLIN)
            #if os(Linux)
            events |= cle_POLLRDHUP()
            #endif
        }
        if interest.contains(.writable) { events |= Int16(POLLOUT) }
        return events
    }

    /// `ReadyFlags` for what `poll` reported. POLLHUP is reported even when not asked for: with
    /// read interest it is the end of the stream (Darwin says so on a half-close), to be read; without
    /// it (Linux: both directions are down; Darwin: the write side is) it is an error, since the
    /// loop would otherwise be told of it on every wait without acting on it.
    private static func flags(_ revents: Int16, watched: Int16) -> UInt32 {
        var flags: UInt32 = 0
        if revents & Int16(POLLERR | POLLNVAL) != 0 { flags |= ReadyFlags.error }
        if revents & Int16(POLLIN) != 0 { flags |= ReadyFlags.readable }
        if revents & Int16(POLLOUT) != 0 { flags |= ReadyFlags.writable }
        #if os(Linux)
        if revents & cle_POLLRDHUP() != 0 { flags |= ReadyFlags.hangup | ReadyFlags.readable }
        #endif
        if revents & Int16(POLLHUP) != 0 {
            flags |= watched & Int16(POLLIN) != 0 ? ReadyFlags.hangup | ReadyFlags.readable : ReadyFlags.error
        }
        return flags
    }
}
