/// What answers requests. Called on the connection's loop thread: return quickly, never block.
/// Blocking work (SQLite, compression of large documents) belongs on another queue, with the
/// request deferred (`context.deferResponse()`) and answered from there.
package protocol HTTPServerHandler: Sendable {
    func handle(_ request: HTTPRequest, context: HTTPRequestContext) -> HTTPHandlerResult
}

/// A handler's answer: a response now (the fast path, no thread hop), or later through the
/// `HTTPDeferredResponse` obtained from `context.deferResponse()`.
package enum HTTPHandlerResult: Sendable {
    case respond(HTTPResponse)
    case deferred
}

/// A handler made from a closure.
package struct HTTPClosureHandler: HTTPServerHandler {
    let body: @Sendable (HTTPRequest, HTTPRequestContext) -> HTTPHandlerResult

    package init(_ body: @escaping @Sendable (HTTPRequest, HTTPRequestContext) -> HTTPHandlerResult) {
        self.body = body
    }

    package func handle(_ request: HTTPRequest, context: HTTPRequestContext) -> HTTPHandlerResult {
        body(request, context)
    }
}
