extension EventLoop {
    /// The selector for the configured backend (`http.eventBackend`).
    static func makeSelector(_ backend: HTTPEventBackend) throws(HTTPServerError) -> any ReadinessSelector {
        switch backend {
        case .epoll:
            #if os(Linux)
            return try EpollSelector()
            #else
            throw .unavailableBackend(backend.rawValue, reason: backend.unavailableReason ?? "")
            #endif
        case .poll:
            return try PollSelector()
        }
    }

    /// Before each wait of a level-triggered selector: watch each connection for what it can
    /// act on now, so that `poll` never reports, wait after wait, a readiness the loop ignores.
    ///
    /// - Reading: unless reading is paused with bytes known to be waiting (`readPending`: the
    ///   loop reads them when it resumes) or the client already ended its stream (end of stream
    ///   stays readable forever). A paused connection without pending bytes is still watched, so
    ///   new bytes or a client leaving are noticed, as epoll's edges tell them.
    /// - Writing: only while output waits for room in the send buffer.
    ///
    /// O(open connections) per wait, like `poll(2)` itself: this backend's documented cost.
    func syncInterest() {
        for c in connections.values {
            var wanted: ReadinessInterest = []
            if !c.state.peerClosed && !(c.state.readPending && isSuspended(c)) { wanted.insert(.readable) }
            if !c.output.isEmpty { wanted.insert(.writable) }
            if wanted != c.interest {
                c.interest = wanted
                selector.modify(c.fd, interest: wanted)
            }
        }
    }
}
