import HTTPEngine
import Logging

/// One structured log line per answered request (method, path, status, bytes, duration, held
/// time for long-polls) and the metrics that go with it.
///
/// Called by the engine on the loop thread after each response; when the log level is above
/// `info` it only touches the metrics. With Livery's own log handler (the server's), the line
/// leaves as raw fields (``RequestLogLine``) and is rendered by the log queue's writer thread;
/// another handler gets the same line through swift-log, as metadata.
struct RequestLogger: HTTPServerObserver {
    let logger: Logger
    let metrics: ServerMetrics
    /// Set when the logger's handler takes request lines raw (Livery's own, without metadata).
    private let direct: RequestLineWriter?

    init(logger: Logger, metrics: ServerMetrics) {
        self.logger = logger
        self.metrics = metrics
        direct = RequestLineWriter(logger.handler)
    }

    func responseSent(_ event: HTTPResponseEvent) {
        let seconds = Double(event.duration.components.seconds) + Double(event.duration.components.attoseconds) / 1e18
        // A long-poll is a request that asked to wait; other deferred requests (resolving,
        // store reads) count as ordinary latency.
        let held = event.heldDuration > .zero && event.request.map(Self.asksToWait) == true
        metrics.record(route: event.route ?? "unmatched", status: event.status, seconds: seconds, held: held)
        if let cause = event.cause { failed(event, cause: cause) }
        guard direct?.writesInfo ?? (logger.logLevel <= .info) else { return }
        let line = RequestLogLine(
            timestamp: direct?.clock() ?? .now(), request: event.request, status: event.status, bodyBytes: event.bodyBytes,
            duration: event.duration, held: held ? event.heldDuration : nil)
        if let direct {
            direct.write(line)
        } else {
            logger.info("\(RequestLogLine.message)", metadata: line.metadata)
        }
    }

    /// A request answered with a failure (a store error): logged whatever the level allows
    /// for requests, with the request and the error's code, and counted by code.
    private func failed(_ event: HTTPResponseEvent, cause: HTTPFailureCause) {
        metrics.recordStoreError(code: cause.code)
        logger.error("request failed", metadata: [
            "http.method": "\(event.request?.method.description ?? "-")",
            // Redacted as the access line is: a preview link's secret never reaches a log.
            "http.path": "\(event.request.map { HTTPRequest.decodedPath(RequestLogLine.withoutSecrets($0.rawPathBytes)) } ?? "-")",
            "http.status": .stringConvertible(event.status),
            "error.code": "\(cause.code)",
            "error": "\(cause.message)",
        ])
    }

    static func asksToWait(_ request: HTTPRequest) -> Bool {
        request.queryValue("wait") != nil || request.headers.contains("prefer")
    }
}
