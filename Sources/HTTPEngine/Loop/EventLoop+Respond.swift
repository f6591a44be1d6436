#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

extension EventLoop {
    /// A request is complete: answer it now, or queue it behind a held one (pipelining keeps
    /// responses in request order, RFC 9112 §9.3.2).
    func complete(_ c: Connection, _ request: HTTPRequest) {
        core.requestCount.add(1, ordering: .relaxed)
        // RFC 9112 §9.6: after a request with "close" the server MUST NOT process further ones.
        c.state.requestCompleted(keepAlive: request.keepAlive, shuttingDown: shuttingDown)
        if c.held != nil || !c.waiting.isEmpty {
            // At `maxPipelinedRequests` waiting, reading waits too (`isSuspended`).
            c.waiting.append(request)
            return
        }
        dispatch(c, request)
    }

    /// Calls the handler on this thread.
    func dispatch(_ c: Connection, _ request: HTTPRequest) {
        let started = core.hasObserver ? MonotonicClock.now() : 0
        c.newDeferred = nil
        c.route = nil
        c.responseFields = nil
        let result = core.handler.handle(request, context: HTTPRequestContext(loop: self, connection: c))
        let handle = c.newDeferred
        let (route, fields) = (c.route, c.responseFields)
        c.newDeferred = nil
        c.responseFields = nil
        switch result {
        case .respond(let response):
            writeResponse(c, request: request, response: response, started: started, heldSince: nil, route: route, fields: fields)
        case .deferred:
            guard let handle else {
                core.logger.error("handler returned .deferred without calling deferResponse()")
                writeResponse(c, request: request, response: .problem(.internalServerError, detail: "The handler did not answer."), started: started, heldSince: nil)
                return
            }
            c.held = HeldRequest(request: request, handle: handle, started: started, heldSince: started == 0 ? 0 : MonotonicClock.now(), route: route,
                responseFields: fields)
            core.heldCount.add(1, ordering: .relaxed)
            if shuttingDown { handle.end(.serverShutdown) }
        }
    }

    /// Queues one response on the loop's output batch: head, the request's added fields, Date
    /// line with the head's end, body. Nothing is copied; the batch holds references to the
    /// shared buffers.
    func writeResponse(
        _ c: Connection, request: HTTPRequest?, response: HTTPResponse, started: Int64, heldSince: Int64?, route: String? = nil,
        fields: HTTPPreparedFields? = nil
    ) {
        let closing = request.map { !$0.keepAlive } ?? true || shuttingDown || c.state.peerClosed
            || core.draining.load(ordering: .relaxed)
            || response.closesConnection
        if closing {
            // An answer to no request (a parse error, a timeout) may surprise a client still sending.
            c.state.closeAfterWrite(linger: request == nil)
            c.waiting = []
            c.incoming = nil
        }
        if let request, !request.body.isEmpty { releaseBody(c, upTo: request.body.count) }
        let status = response.status
        let sendsBody = status.allowsBody && request?.method != .head
        let body = sendsBody ? response.body : nil
        let head = response.preparedHead ?? HTTPBytes(HTTPResponseRenderer.renderHead(
            status: status, headers: response.headers, bodyCount: response.body?.count ?? 0))
        batch.append(OutputChunk(bytes: head, offset: 0))
        if let fields, fields.bytes.count > 0 { batch.append(OutputChunk(bytes: fields.bytes, offset: 0)) }
        let end = closing ? date.close : (request?.version == .http1_0 ? date.keepAlive : date.plain)
        batch.append(OutputChunk(bytes: end, offset: 0))
        if let body, body.count > 0 { batch.append(OutputChunk(bytes: body, offset: 0)) }
        if core.hasObserver, let observer = core.observer {
            let t = MonotonicClock.now()
            let start = started == 0 ? t : started
            observer.responseSent(HTTPResponseEvent(
                request: request, status: status.code, bodyBytes: body?.count ?? 0,
                duration: .nanoseconds(t - start), heldDuration: heldSince.map { .nanoseconds(t - $0) } ?? .zero,
                closesConnection: closing, remoteAddress: c.remote, route: route, cause: response.cause))
        }
        if batch.count > Self.maxIOVecs - 4 { flushBatch(c) }
    }

    /// A parse error (or timeout): answered in order, with `Connection: close`, then closed.
    func respondToError(_ c: Connection, _ error: HTTPParseError) {
        if c.held != nil || !c.waiting.isEmpty {
            c.pendingError = error
            return
        }
        writeResponse(c, request: nil, response: .problem(error.status, detail: error.detail), started: 0, heldSince: nil)
    }

    /// Answers what was queued behind a held request, until another one is held.
    func runWaiting(_ c: Connection) {
        while c.held == nil && !c.waiting.isEmpty && !c.closed && !c.state.closesAfterWrite {
            let request = c.waiting.removeFirst()
            dispatch(c, request)
        }
        if c.waiting.isEmpty {
            c.waiting = []
            if c.held == nil, let error = c.pendingError, !c.state.closesAfterWrite {
                c.pendingError = nil
                writeResponse(c, request: nil, response: .problem(error.status, detail: error.detail), started: 0, heldSince: nil)
            }
            if c.held == nil && !c.state.closesAfterWrite { bodyTurnCame(c) }
        }
        if c.state.mayResume(c.backlog, maxPipelined: core.configuration.maxPipelinedRequests) { resumeQueue.append(c) }
    }

    /// A deferred response arrived through the inbox.
    func deferredAnswered(_ handle: HTTPDeferredResponse) {
        let c = handle.connection.value
        guard !c.closed, let held = c.held, held.handle === handle, let response = handle.takeResponse() else { return }
        c.held = nil
        core.heldCount.subtract(1, ordering: .relaxed)
        writeResponse(c, request: held.request, response: response, started: held.started, heldSince: held.heldSince, route: held.route,
                      fields: held.responseFields)
        runWaiting(c)
        flushBatch(c)
        if !c.closed { updateTimer(c) }
    }

    func addDeferredTimeout(_ handle: HTTPDeferredResponse, after timeout: Duration) {
        deferredTimeouts.insert(handle, deadline: MonotonicClock.now() &+ timeout.nanoseconds)
    }
}
