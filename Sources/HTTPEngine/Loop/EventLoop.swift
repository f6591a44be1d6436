#if canImport(Glibc)
import Glibc
import CLinuxEvents
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One event loop on its own thread, with its own listening socket (SO_REUSEPORT), a readiness
/// selector (edge-triggered epoll, or `poll(2)`: see `HTTPEventBackend`) with its wake-up for
/// other threads, and the connections it accepted.
///
/// Why this design (docs/architecture.md, "The path of a request"): Dispatch on Linux funnels every socket through one
/// epoll fd and a manager thread (6.4 syscalls a request); one epoll per core with connections
/// confined to it needs about 2.3, and no locks on the request path. Each loop accepts on its
/// own SO_REUSEPORT listener, so accepting needs no hand-off between threads either.
final class EventLoop: @unchecked Sendable {
    // @unchecked Sendable: `selector` and `core` are immutable references; of the selector other
    // threads call only `wake()` (which writes to a descriptor fixed at init), under the inbox lock;
    // `inbox` is a Mutex; every other property is touched only by the loop's own thread (inside
    // `run()` and what it calls, including handlers), which is the confinement the engine's
    // design rests on.
    struct Inbox {
        var completions: [HTTPDeferredResponse] = []
        var tasks: [@Sendable (EventLoop) -> Void] = []
        var wakeRequested = false
        /// The loop has exited and its wake-up descriptor is closed (the number may be reused):
        /// never signal.
        var stopped = false
    }

    static let listenerTag: UInt64 = 0
    static let wakeTag: UInt64 = 1
    static let readBufferSize = 64 * 1024
    static let maxIOVecs = 1024

    let core: ServerCore
    let index: Int
    let selector: any ReadinessSelector
    let inbox = Mutex(Inbox())

    var listenFD: Int32 = -1
    /// Kept open so that at the open-file limit one connection can still be accepted and
    /// refused properly (see `refuseAtFileLimit`).
    var reserveFD: Int32 = EventLoop.openReserve()
    var refusedAtFileLimit = 0
    /// The listener is unwatched for want of a descriptor (see `pauseAccepting`); retried at
    /// `acceptRetryAt` or when a connection closes.
    var acceptPaused = false
    var acceptRetryAt: Int64 = 0
    var lastFileLimitWarning: Int64 = .min / 2
    var connections: [Int32: Connection] = [:]
    var graveyard: [Connection] = []
    /// Paused connections that may continue, handled after the current events.
    var resumeQueue: [Connection] = []
    let readBuffer: UnsafeMutableRawBufferPointer
    let iov: UnsafeMutablePointer<iovec>
    var batch: [OutputChunk] = []
    var date = DateCache()
    var headerList: DeadlineList
    var bodyList: DeadlineList
    var idleList: DeadlineList
    var writeList: DeadlineList
    var lingerList: DeadlineList
    var deferredTimeouts = DeferredTimeoutHeap()
    var now: Int64 = MonotonicClock.now()
    var shuttingDown = false
    var shutdownDeadline = Int64.max
    var wakeSeen = false

    init(core: ServerCore, index: Int) throws(HTTPServerError) {
        self.core = core
        self.index = index
        let c = core.configuration
        headerList = DeadlineList(kind: .header, duration: c.headerTimeout)
        bodyList = DeadlineList(kind: .body, duration: c.headerTimeout)
        idleList = DeadlineList(kind: .idle, duration: c.idleTimeout)
        writeList = DeadlineList(kind: .write, duration: c.writeTimeout)
        lingerList = DeadlineList(kind: .linger, duration: c.lingerTimeout)
        selector = try Self.makeSelector(c.eventBackend)
        readBuffer = .allocate(byteCount: Self.readBufferSize, alignment: 16)
        iov = .allocate(capacity: Self.maxIOVecs)
    }

    deinit {
        readBuffer.deallocate()
        iov.deallocate()
    }

    /// Starts watching the listening socket (called before the thread starts).
    func adopt(listener fd: Int32) {
        listenFD = fd
        _ = selector.register(fd, tag: Self.listenerTag, interest: .readable)
    }

    // MARK: Cross-thread entry points

    /// Runs `task` on the loop thread, soon. Any thread.
    func execute(_ task: @escaping @Sendable (EventLoop) -> Void) {
        inbox.withLock { i in
            guard !i.stopped else { return }
            i.tasks.append(task)
            wakeIfNeeded(&i)
        }
    }

    /// Hands an answered deferred response to the loop. Any thread; one wake-up per batch.
    func enqueueCompletion(_ handle: HTTPDeferredResponse) {
        inbox.withLock { i in
            guard !i.stopped else { return }
            i.completions.append(handle)
            wakeIfNeeded(&i)
        }
    }

    /// Wakes the loop once per batch. Called under the inbox lock: the loop marks the inbox
    /// stopped under the same lock before it closes the selector, so the descriptor written to
    /// is still ours (its number could otherwise already belong to a new socket).
    private func wakeIfNeeded(_ inbox: inout Inbox) {
        guard !inbox.wakeRequested else { return }
        inbox.wakeRequested = true
        selector.wake()
    }

    // MARK: The loop

    /// Runs until shutdown completes; then closes everything and calls `onExit`.
    func run(onExit: @Sendable () -> Void) {
        #if os(Linux)
        cle_set_thread_name("http-loop-\(index)")
        #endif
        let tags = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
        let masks = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        defer {
            tags.deallocate()
            masks.deallocate()
        }
        let levelTriggered = selector.isLevelTriggered
        let readableOrHangup = ReadyFlags.readable | ReadyFlags.hangup
        while true {
            if levelTriggered { syncInterest() }
            let n = selector.wait(tags: tags, flags: masks, capacity: 256, timeoutMilliseconds: timeoutMilliseconds())
            now = MonotonicClock.now()
            if n < 0 && errno != EINTR { break }
            if n > 0 { date.refresh() }
            for i in 0..<Int(max(n, 0)) {
                switch tags[i] {
                case Self.listenerTag:
                    acceptConnections()
                case Self.wakeTag:
                    wakeSeen = true
                default:
                    guard let p = UnsafeRawPointer(bitPattern: UInt(tags[i])) else { continue }
                    let c = Unmanaged<Connection>.fromOpaque(p).takeUnretainedValue()
                    let m = masks[i]
                    if c.closed { continue }
                    if m & ReadyFlags.error != 0 {
                        closeNow(c, reason: .clientClosed)
                        continue
                    }
                    if m & ReadyFlags.writable != 0 && !c.output.isEmpty { flushOutput(c) }
                    if m & readableOrHangup != 0 && !c.closed { readable(c, hangup: m & ReadyFlags.hangup != 0) }
                }
            }
            if wakeSeen {
                wakeSeen = false
                drainInbox()
            }
            while !resumeQueue.isEmpty {
                let queue = resumeQueue
                resumeQueue.removeAll(keepingCapacity: true)
                for c in queue { resume(c) }
            }
            runTimers()
            if acceptPaused && (!graveyard.isEmpty || now >= acceptRetryAt) { retryAccepting() }
            graveyard.removeAll(keepingCapacity: true)
            if shuttingDown && (connections.isEmpty || now >= shutdownDeadline) { break }
        }
        for c in Array(connections.values) { closeNow(c, reason: .serverShutdown) }
        graveyard.removeAll()
        inbox.withLock { i in
            i.stopped = true
            i.completions = []
            i.tasks = []
        }
        if listenFD >= 0 { close(listenFD) }
        if reserveFD >= 0 { close(reserveFD) }
        selector.close()
        onExit()
    }

    private func drainInbox() {
        selector.consumeWake()
        let (completions, tasks) = inbox.withLock { i in
            defer {
                i.completions = []
                i.tasks = []
                i.wakeRequested = false
            }
            return (i.completions, i.tasks)
        }
        for task in tasks { task(self) }
        for handle in completions { deferredAnswered(handle) }
    }

    /// Milliseconds until the earliest deadline (rounded up), or -1 to wait for events only.
    private func timeoutMilliseconds() -> Int32 {
        var earliest = Int64.max
        if let d = headerList.head?.deadline, d < earliest { earliest = d }
        if let d = bodyList.head?.deadline, d < earliest { earliest = d }
        if let d = idleList.head?.deadline, d < earliest { earliest = d }
        if let d = writeList.head?.deadline, d < earliest { earliest = d }
        if let d = lingerList.head?.deadline, d < earliest { earliest = d }
        if let d = deferredTimeouts.earliest, d < earliest { earliest = d }
        if shuttingDown { earliest = min(earliest, shutdownDeadline) }
        if acceptPaused { earliest = min(earliest, acceptRetryAt) }
        guard earliest != Int64.max else { return -1 }
        let wait = earliest - MonotonicClock.now()
        if wait <= 0 { return 0 }
        return Int32(clamping: (wait + 999_999) / 1_000_000)
    }
}
