#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventLoop {
    /// Puts `c` in the deadline list its state calls for. `progress` (bytes moved) re-arms the
    /// body, write and idle deadlines; the header deadline runs from a request's first byte and is
    /// re-armed only when a request completed. While the handler screens a body (a token check
    /// in the store) no deadline runs: that wait is the server's, and a slow check under load
    /// answered a client that had sent its whole body 408; the body deadline starts afresh
    /// with the verdict.
    func updateTimer(_ c: Connection, progress: Bool = false) {
        guard !c.closed else { return }
        let target: TimerKind
        if c.lingering {
            target = .linger
        } else if !c.output.isEmpty {
            target = .write
        } else if c.held != nil || !c.waiting.isEmpty || c.screening {
            target = .none
        } else if c.reading != nil || c.parser.isReadingBody {
            target = .body
        } else if !c.parser.isIdle || !c.stash.isEmpty {
            target = .header
        } else {
            target = .idle
        }
        let rearm = target == .header ? c.completedRequest : (progress && target != .linger)
        c.completedRequest = false
        if target == c.timerList && !rearm { return }
        removeTimer(c)
        switch target {
        case .none: break
        case .header: headerList.append(c, now: now)
        case .body: bodyList.append(c, now: now)
        case .idle: idleList.append(c, now: now)
        case .write: writeList.append(c, now: now)
        case .linger: lingerList.append(c, now: now)
        }
    }

    func removeTimer(_ c: Connection) {
        switch c.timerList {
        case .none: break
        case .header: headerList.remove(c)
        case .body: bodyList.remove(c)
        case .idle: idleList.remove(c)
        case .write: writeList.remove(c)
        case .linger: lingerList.remove(c)
        }
    }

    /// Acts on every passed deadline.
    func runTimers() {
        while let c = headerList.popExpired(now: now) { timeOut(c) }
        while let c = bodyList.popExpired(now: now) { timeOut(c) }
        while let c = idleList.popExpired(now: now) { closeNow(c, reason: .clientGone) }
        while let c = writeList.popExpired(now: now) { closeNow(c, reason: .clientGone) }
        while let c = lingerList.popExpired(now: now) { closeNow(c, reason: .clientGone) }
        while let handle = deferredTimeouts.popExpired(now: now) {
            if handle.isPending { handle.end(.timedOut) }
        }
    }

    /// Header or body too slow (slowloris): 408 with `Connection: close` (RFC 9110 §15.5.9).
    private func timeOut(_ c: Connection) {
        c.stopParsing = true
        c.reading = nil
        date.refresh()
        respondToError(c, .timeout)
        flushBatch(c)
        if !c.closed { updateTimer(c) }
    }

    /// Closes at once. A held request learns that its client is gone.
    func closeNow(_ c: Connection, reason: HTTPDeferredEndReason) {
        guard !c.closed else { return }
        c.closed = true
        removeTimer(c)
        // Deregister explicitly before closing (poll needs it anyway). close() alone removes the epoll registration
        // only when no other descriptor refers to the socket, and a child process being spawned
        // (posix_spawn copies the descriptor table before exec closes CLOEXEC descriptors) can
        // briefly hold one: epoll would then report events tagged with this connection after
        // it has been freed. Seen as a crash in the test suite, which spawns processes.
        selector.remove(c.fd)
        close(c.fd)
        connections[c.fd] = nil
        graveyard.append(c)
        core.openConnections.subtract(1, ordering: .relaxed)
        releaseBody(c)
        if let held = c.held {
            c.held = nil
            core.heldCount.subtract(1, ordering: .relaxed)
            held.handle.end(.clientGone)
        }
        c.output = []
        c.stash = []
        c.waiting = []
        c.reading = nil
    }

    /// Graceful shutdown, step one on this loop: stop accepting, tell held requests, close idle
    /// connections; busy ones close after their current response (see `writeResponse`).
    func beginShutdown(deadline: Int64) {
        shuttingDown = true
        shutdownDeadline = deadline
        if listenFD >= 0 {
            selector.remove(listenFD)
            close(listenFD)
            listenFD = -1
        }
        for c in Array(connections.values) where !c.closed {
            if let held = c.held { held.handle.end(.serverShutdown) }
            if c.closed { continue }
            if c.lingering {
                closeNow(c, reason: .serverShutdown)
                continue
            }
            if c.held == nil && c.waiting.isEmpty && c.output.isEmpty && c.reading == nil && !c.parser.isReadingBody {
                closeNow(c, reason: .serverShutdown)
            }
        }
    }
}
