#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventLoop {
    /// The answer to a connection over `maxConnections`: sent with one non-blocking `send` on
    /// the fresh socket (its buffer is empty, so it fits), then the socket is closed.
    static let overCapacity: [UInt8] = {
        let body = "{\"status\":503,\"title\":\"Service Unavailable\",\"type\":\"about:blank\","
            + "\"detail\":\"The server has no room for another connection; try again shortly.\"}"
        return Array((
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\nRetry-After: 1\r\n"
                + "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        ).utf8)
    }()

    /// Accepts until EAGAIN (the listener may be edge-triggered).
    func acceptConnections() {
        var storage = sockaddr_storage()
        while listenFD >= 0 {
            let fd = SystemCalls.accept(listenFD, &storage)
            if fd < 0 {
                let e = errno
                if e == EINTR || e == ECONNABORTED { continue }
                if e == EMFILE || e == ENFILE {
                    if refuseAtFileLimit() { continue }
                    pauseAccepting()
                    return
                }
                if e != EAGAIN && e != EWOULDBLOCK {
                    core.logger.warning("accept failed", metadata: ["errno": "\(e)"])
                }
                return
            }
            // Near the cap, idle keep-alive connections give way first: this loop's oldest one is
            // closed (RFC 9112 §9.8 lets a server close an idle connection at any time), so the
            // reserve the long-poll budget leaves is there for health checks and designers.
            if !shuttingDown, core.openConnections.load(ordering: .relaxed) >= core.configuration.idleEvictionThreshold,
               let idle = idleList.head {
                closeNow(idle, reason: .idle)
            }
            if shuttingDown || core.openConnections.load(ordering: .relaxed) >= core.configuration.maxConnections {
                Self.overCapacity.withUnsafeBytes { _ = SystemCalls.send(fd, $0.baseAddress, $0.count) }
                close(fd)
                continue
            }
            let c = Connection(fd: fd, remote: withUnsafePointer(to: &storage) { HTTPRemoteAddress($0) }, limits: core.limits)
            connections[fd] = c
            core.openConnections.add(1, ordering: .relaxed)
            let tag = UInt64(UInt(bitPattern: Unmanaged.passUnretained(c).toOpaque()))
            if !selector.register(fd, tag: tag, interest: c.interest) {
                closeNow(c, reason: .clientClosed)
                continue
            }
            // RFC-less but essential: the header timeout runs from accept (slowloris).
            headerList.append(c, now: now)
        }
    }

    /// Out of descriptors (EMFILE/ENFILE): the pending connection would stay in the backlog and
    /// the listener keep reporting it. Give back the reserve descriptor, accept, answer the
    /// prepared 503, close, take the reserve again (docs/operations.md). Returns whether one was refused.
    private func refuseAtFileLimit() -> Bool {
        guard reserveFD >= 0 else { return false }
        close(reserveFD)
        reserveFD = -1
        var storage = sockaddr_storage()
        let fd = SystemCalls.accept(listenFD, &storage)
        if fd >= 0 {
            Self.overCapacity.withUnsafeBytes { _ = SystemCalls.send(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        reserveFD = Self.openReserve()
        refusedAtFileLimit += 1
        if now - lastFileLimitWarning > 10_000_000_000 {
            lastFileLimitWarning = now
            core.logger.warning("open-file limit reached; refusing connections with 503", metadata: [
                "refused": "\(refusedAtFileLimit)",
            ])
            refusedAtFileLimit = 0
        }
        return fd >= 0 && reserveFD >= 0
    }

    /// At the open-file limit with no descriptor to spare (the reserve could not be taken again,
    /// another thread having taken the one just freed): stop watching the listener until one can
    /// be. A level-triggered backend (poll) would otherwise report the waiting connection at once,
    /// every turn, and the loop would spin on `EMFILE`; an edge-triggered one would not report it
    /// again until the next connection arrives. `retryAccepting` runs when a connection of this
    /// loop closes or after `acceptRetryNanoseconds`.
    func pauseAccepting() {
        guard !acceptPaused, listenFD >= 0 else { return }
        acceptPaused = true
        acceptRetryAt = now + Self.acceptRetryNanoseconds
        selector.remove(listenFD)
    }

    /// Takes the reserve descriptor again and, with it, watches the listener again and accepts
    /// what waited (answering it 503 if the limit still holds).
    func retryAccepting() {
        guard acceptPaused, !shuttingDown, listenFD >= 0 else { return }
        if reserveFD < 0 { reserveFD = Self.openReserve() }
        guard reserveFD >= 0 else {
            acceptRetryAt = now + Self.acceptRetryNanoseconds
            return
        }
        acceptPaused = false
        _ = selector.register(listenFD, tag: Self.listenerTag, interest: .readable)
        acceptConnections()
    }

    /// How long a paused listener waits before trying for the reserve again when no connection
    /// of its loop closes meanwhile (descriptors freed elsewhere in the process).
    static let acceptRetryNanoseconds: Int64 = 100_000_000

    /// A descriptor held in reserve for `refuseAtFileLimit`.
    static func openReserve() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }
}
