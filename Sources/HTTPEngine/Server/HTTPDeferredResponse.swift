import Synchronization

/// Why a deferred request's `onEnd` callback was called.
package enum HTTPDeferredEndReason: Sendable, Hashable {
    /// The client closed or reset the connection; `respond` is now ignored.
    case clientGone
    /// The server began a graceful shutdown: answer now (say 304, or 503 with Retry-After).
    case serverShutdown
    /// The timeout given to `deferResponse(timeout:)` passed: answer now (say 304).
    case timedOut
}

/// A handle to answer a deferred request later, from any thread.
///
/// `respond(_:)` wakes the connection's loop (through its eventfd) which writes the response in
/// request order. `onEnd(_:)` registers the callback told when the client goes away, the server
/// shuts down, or the deferral times out; it runs on the loop thread and must not block.
///
/// ```swift
/// let handle = context.deferResponse(timeout: .seconds(30))
/// waiters.add(handle)                                   // the application's registry
/// handle.onEnd { reason in
///     switch reason {
///     case .clientGone: waiters.remove(handle)
///     case .timedOut, .serverShutdown: handle.respond(notModified)
///     }
/// }
/// return .deferred
/// ```
package final class HTTPDeferredResponse: Sendable {
    struct State: Sendable {
        var response: HTTPResponse?
        var answered = false
        var gone = false
        var onEnd: (@Sendable (HTTPDeferredEndReason) -> Void)?
        var endReasons: [HTTPDeferredEndReason] = []
    }

    let loop: EventLoop
    let connection: LoopBound<Connection>
    private let state = Mutex(State())

    init(loop: EventLoop, connection: LoopBound<Connection>) {
        self.loop = loop
        self.connection = connection
    }

    /// Answers the request. Returns false (and does nothing) when it was already answered or the
    /// client is gone. Safe from any thread; the first answer wins.
    @discardableResult
    package func respond(_ response: HTTPResponse) -> Bool {
        let accepted = state.withLock { s -> Bool in
            guard !s.answered, !s.gone else { return false }
            s.answered = true
            s.response = response
            s.onEnd = nil
            return true
        }
        if accepted { loop.enqueueCompletion(self) }
        return accepted
    }

    /// Registers the end callback (replacing an earlier one). Reasons that already happened are
    /// reported at once, on the calling thread.
    package func onEnd(_ callback: @escaping @Sendable (HTTPDeferredEndReason) -> Void) {
        let past = state.withLock { s -> [HTTPDeferredEndReason] in
            guard !s.answered else { return [] }
            s.onEnd = s.gone ? nil : callback
            return s.endReasons
        }
        for reason in past { callback(reason) }
    }

    /// True until answered or the client is gone.
    package var isPending: Bool { state.withLock { !$0.answered && !$0.gone } }

    /// Called by the loop: reports `reason` unless already answered.
    func end(_ reason: HTTPDeferredEndReason) {
        let callback = state.withLock { s -> (@Sendable (HTTPDeferredEndReason) -> Void)? in
            guard !s.answered, !s.gone, !s.endReasons.contains(reason) else { return nil }
            s.endReasons.append(reason)
            let cb = s.onEnd
            if reason == .clientGone {
                s.gone = true
                s.onEnd = nil
            }
            return cb
        }
        callback?(reason)
    }

    /// Called by the loop when the completion arrives.
    func takeResponse() -> HTTPResponse? {
        state.withLock { s in
            defer { s.response = nil }
            return s.response
        }
    }
}
