/// Per-request access to the engine, valid only during the handler call on the loop thread.
package struct HTTPRequestContext {
    let loop: EventLoop
    let connection: Connection

    /// The peer's address.
    package var remoteAddress: HTTPRemoteAddress? { connection.remote }

    /// Names the route that is answering (the router passes its pattern), reported to the
    /// observer with the response so metrics can count by route without parsing paths again.
    package func setRoute(_ pattern: String) {
        connection.route = pattern
    }

    /// Adds `fields` to the response that answers this request, now or deferred (replacing
    /// fields added before). The engine writes them after the response's own fields; a prepared
    /// response stays shared, nothing is rendered per request.
    package func addResponseFields(_ fields: HTTPPreparedFields) {
        connection.responseFields = fields
    }

    /// Keeps the request open to be answered later, from any thread; the handler then returns
    /// `.deferred`. Requests pipelined behind this one wait their turn.
    ///
    /// - Parameter timeout: when given, the handle's `onEnd` callback is told `.timedOut` after
    ///   this long (the loop's deadline queue does it; no timer per request), so a long-poll can
    ///   answer 304. The engine does not answer by itself.
    package func deferResponse(timeout: Duration? = nil) -> HTTPDeferredResponse {
        let handle = HTTPDeferredResponse(loop: loop, connection: LoopBound(connection))
        connection.newDeferred = handle
        if let timeout {
            loop.addDeferredTimeout(handle, after: timeout)
        }
        return handle
    }
}

/// A reference that crosses threads but is dereferenced only on its loop's thread.
struct LoopBound<Value: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: the engine reads `value` only on the thread of the loop that owns it
    // (deferred completions are handed to that loop through its inbox before being touched).
    let value: Value
    init(_ value: Value) { self.value = value }
}
