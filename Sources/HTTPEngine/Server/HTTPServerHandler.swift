/// What answers requests. Called on the connection's loop thread: return quickly, never block.
/// Blocking work (SQLite, compression of large documents) belongs on another queue, with the
/// request deferred (`context.deferResponse()`) and answered from there.
package protocol HTTPServerHandler: Sendable {
    func handle(_ request: HTTPRequest, context: HTTPRequestContext) -> HTTPHandlerResult

    /// Called on the loop thread when a request head announces a body, before any of it is
    /// read and before `100 Continue` (docs/operations.md: a body of a route that needs a token is read
    /// only after the token is accepted). The default accepts.
    func screen(_ head: HTTPRequest) -> HTTPBodyScreening
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

/// What a handler says about a request whose body has not been read yet (see
/// `HTTPServerHandler.screen`).
package enum HTTPBodyScreening: Sendable {
    /// Read the body (and send `100 Continue` if the client waits for it).
    case accept
    /// Read a body of at most `maxBytes`, the route's own limit below the server's: a larger
    /// declared `Content-Length` is answered `413` (and the connection closed) before
    /// `100 Continue` and before a byte of it is read; a chunked body is answered `413` as soon
    /// as it passes the limit. Its bytes count against `owner`'s share of the body budget when
    /// an owner is given (`HTTPServerConfiguration.maxBufferedBodyBytesPerOwner`), so the
    /// bodies of anonymous clients of one route can share one.
    case acceptUpTo(maxBytes: Int, owner: String?)
    /// Answer this now, without reading the body, and close the connection.
    case reject(HTTPResponse)
    /// Decide off the loop (e.g. a token checked against the store): the connection reads
    /// nothing more until the check returns its verdict.
    case check(@Sendable () async -> HTTPBodyVerdict)
}

extension HTTPServerHandler {
    /// Accepts every body: handlers that do not screen read bodies as before.
    package func screen(_ head: HTTPRequest) -> HTTPBodyScreening { .accept }
}
