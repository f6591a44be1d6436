@testable import HTTPEngine
import Logging
import Testing
@testable import LiveryServer

/// The request logger takes the raw path with Livery's own handler and swift-log's otherwise;
/// both give the same line.
@Suite struct RequestLoggerTests {
    static let event = HTTPResponseEvent(
        request: HTTPRequest(method: .get, target: "/v1/skins/x%20y/resolved?wait=5"), status: 304, bodyBytes: 0,
        duration: .milliseconds(1502), heldDuration: .milliseconds(1500), closesConnection: false, remoteAddress: nil,
        route: "/v1/skins/{skin}/resolved")

    static func logger(_ sink: CapturingLogSink, level: LogLevelSetting = .info, metadata: Logger.Metadata = [:]) -> Logger {
        var logger = Logger(label: "request-logger-test") { _ in
            LiveryLogHandler(format: .logfmt, level: level, sink: sink, clock: { .fixed })
        }
        for (key, value) in metadata { logger[metadataKey: key] = value }
        return logger
    }

    @Test func livesOwnHandlerAndTheGenericPathWriteTheSameLine() {
        let direct = CapturingLogSink(), generic = CapturingLogSink()
        let metrics = ServerMetrics()
        RequestLogger(logger: Self.logger(direct), metrics: metrics).responseSent(Self.event)
        // Metadata of the handler's own can only be merged by the generic path.
        RequestLogger(logger: Self.logger(generic, metadata: ["component": "http"]), metrics: metrics).responseSent(Self.event)
        let fields = "http.bytes=0 http.duration_ms=1502.0 http.held_ms=1500.0 http.method=GET http.path=\"/v1/skins/x y/resolved\" http.status=304\n"
        #expect(direct.lines == ["ts=2026-11-21T20:50:52.123Z level=info msg=\"request\" " + fields])
        #expect(generic.lines == ["ts=2026-11-21T20:50:52.123Z level=info msg=\"request\" component=http " + fields])
        let text = metrics.render(openConnections: 0, waitingLongPolls: 0, cacheHits: 0, cacheMisses: 0)
        #expect(text.contains("livery_http_requests_total{route=\"/v1/skins/{skin}/resolved\",status=\"304\"} 2\n"))
    }

    @Test func aboveInfoNoLineIsWrittenButTheRequestIsCounted() {
        let sink = CapturingLogSink()
        let metrics = ServerMetrics()
        RequestLogger(logger: Self.logger(sink, level: .warning), metrics: metrics).responseSent(Self.event)
        #expect(sink.lines.isEmpty)
        #expect(metrics.render(openConnections: 0, waitingLongPolls: 0, cacheHits: 0, cacheMisses: 0)
            .contains("livery_http_requests_total{route=\"/v1/skins/{skin}/resolved\",status=\"304\"} 1\n"))
    }

    /// A failed request's error line hides a preview link's secret as the access line does
    /// (a store failure behind `/v1/previews/{secret}/skin` once logged the whole link).
    @Test func theFailureLineHidesAPreviewSecret() {
        let sink = CapturingLogSink()
        var event = HTTPResponseEvent(
            request: HTTPRequest(method: .get, target: "/v1/previews/lvp_secretsecret/skin"), status: 503, bodyBytes: 0,
            duration: .milliseconds(3), heldDuration: .zero, closesConnection: false, remoteAddress: nil, route: "/v1/previews/{secret}/skin")
        event.cause = HTTPFailureCause(code: "store:unavailable", message: "the database is unavailable")
        RequestLogger(logger: Self.logger(sink), metrics: ServerMetrics()).responseSent(event)
        let failure = sink.lines.first { $0.contains("request failed") } ?? ""
        #expect(failure.contains("http.path=/v1/previews/lvp_redacted/skin"), "\(sink.lines)")
        #expect(!sink.lines.joined().contains("lvp_secretsecret"), "\(sink.lines)")
    }
}
