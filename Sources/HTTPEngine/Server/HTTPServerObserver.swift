/// Told about every response the engine writes, on the loop thread, after the response was
/// handed to the kernel (or queued behind a partial write). Keep it cheap: format the log line
/// here or hand the event to a queue. Without an observer the engine does not even read clocks.
package protocol HTTPServerObserver: Sendable {
    func responseSent(_ event: HTTPResponseEvent)
}

/// One answered request, for a log line or metrics.
package struct HTTPResponseEvent: Sendable {
    /// The request; nil for answers to unparseable requests and timeouts (400, 408, 431, …).
    package var request: HTTPRequest?
    package var status: Int
    /// Body bytes written (0 for HEAD, 204, 304).
    package var bodyBytes: Int
    /// From the complete request to the response being written.
    package var duration: Duration
    /// The part of `duration` the request spent deferred.
    package var heldDuration: Duration
    /// Whether the connection closes after this response.
    package var closesConnection: Bool
    package var remoteAddress: HTTPRemoteAddress?
    /// The pattern of the router's route that answered (`/v1/skins/{skin}`), nil when none did.
    package var route: String? = nil
    /// The cause the handler attached to a failed response (see `HTTPResponse.cause`).
    package var cause: HTTPFailureCause? = nil
}
