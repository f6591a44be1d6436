#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventLoop {
    /// Puts `c` in the deadline list its state calls for
    /// (``ConnectionState/deadline(_:progress:)``). `progress`: bytes moved.
    func updateTimer(_ c: Connection, progress: Bool = false) {
        guard !c.closed else { return }
        let (target, rearm) = c.state.deadline(c.backlog, progress: progress)
        c.state.deadlineChosen()
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

    /// Acts on every passed deadline, as the connection's state decides
    /// (``ConnectionState/deadlinePassed(_:)``).
    func runTimers() {
        while let c = headerList.popExpired(now: now) { perform(c.state.deadlinePassed(.header), on: c) }
        while let c = bodyList.popExpired(now: now) { perform(c.state.deadlinePassed(.body), on: c) }
        while let c = idleList.popExpired(now: now) { perform(c.state.deadlinePassed(.idle), on: c) }
        while let c = writeList.popExpired(now: now) { perform(c.state.deadlinePassed(.write), on: c) }
        while let c = lingerList.popExpired(now: now) { perform(c.state.deadlinePassed(.linger), on: c) }
        while let handle = deferredTimeouts.popExpired(now: now) {
            if handle.isPending { handle.end(.timedOut) }
        }
    }

    /// Header or body too slow (slowloris): 408 with `Connection: close` (RFC 9110 §15.5.9),
    /// in order behind what is held or queued.
    func answerTimeout(_ c: Connection) {
        c.incoming = nil
        date.refresh()
        respondToError(c, .timeout)
        flushBatch(c)
        if !c.closed { updateTimer(c) }
    }

    /// Closes at once, for `reason` (kept in the connection's state). A held request learns that
    /// its client is gone, whatever the reason: `respond` is ignored from then on, and its
    /// registry forgets it (a shutdown told it `.serverShutdown` first, in `beginShutdown`).
    func closeNow(_ c: Connection, reason: ConnectionCloseReason) {
        guard c.state.close(reason) else { return }
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
        c.incoming = nil
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
            perform(c.state.shutdownBegan(c.backlog), on: c)
        }
    }
}
