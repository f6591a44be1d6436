import HTTPEngine
import Logging

/// One structured log line per answered request (method, path, status, bytes, duration, held
/// time for long-polls) and the metrics that go with it.
///
/// Called by the engine on the loop thread after each response; when the log level is above
/// `info` it only touches the metrics.
struct RequestLogger: HTTPServerObserver {
    let logger: Logger
    let metrics: ServerMetrics

    func responseSent(_ event: HTTPResponseEvent) {
        let seconds = Double(event.duration.components.seconds) + Double(event.duration.components.attoseconds) / 1e18
        // A long-poll is a request that asked to wait; other deferred requests (resolving,
        // store reads) count as ordinary latency.
        let held = event.heldDuration > .zero && event.request.map(Self.asksToWait) == true
        metrics.record(route: event.route ?? "unmatched", status: event.status, seconds: seconds, held: held)
        if let cause = event.cause { failed(event, cause: cause) }
        guard logger.logLevel <= .info else { return }
        let path = event.request?.path ?? "-"
        var metadata: Logger.Metadata = [
            "http.method": "\(event.request?.method.description ?? "-")",
            "http.path": "\(path)",
            "http.status": .stringConvertible(event.status),
            "http.bytes": .stringConvertible(event.bodyBytes),
            "http.duration_ms": "\(Self.milliseconds(event.duration))",
        ]
        if held { metadata["http.held_ms"] = "\(Self.milliseconds(event.heldDuration))" }
        logger.info("request", metadata: metadata)
    }

    /// A request answered with a failure (a store error): logged whatever the level allows
    /// for requests, with the request and the error's code, and counted by code.
    private func failed(_ event: HTTPResponseEvent, cause: HTTPFailureCause) {
        metrics.recordStoreError(code: cause.code)
        logger.error("request failed", metadata: [
            "http.method": "\(event.request?.method.description ?? "-")",
            "http.path": "\(event.request?.path ?? "-")",
            "http.status": .stringConvertible(event.status),
            "error.code": "\(cause.code)",
            "error": "\(cause.message)",
        ])
    }

    static func asksToWait(_ request: HTTPRequest) -> Bool {
        request.queryValue("wait") != nil || request.headers.contains("prefer")
    }

    static func milliseconds(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(Double(Int(ms * 1000)) / 1000)
    }
}
