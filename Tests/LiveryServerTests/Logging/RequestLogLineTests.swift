import HTTPEngine
import Logging
import Testing
@testable import LiveryServer

/// Request lines rendered from raw fields on the log writer's thread must read exactly as the
/// generic swift-log path writes them (docs/operations.md: one structured line per request).
@Suite struct RequestLogLineTests {
    static let lines: [RequestLogLine] = [
        RequestLogLine(
            timestamp: .fixed, request: HTTPRequest(method: .get, target: "/v1/channels/default/skin?variant=dark"),
            status: 200, bodyBytes: 2696, duration: .microseconds(3428), held: nil),
        RequestLogLine(
            timestamp: LogTimestamp(millisecondsSince1970: 1_795_294_253_007), request: HTTPRequest(method: .head, target: "/a%20b/%22q%22=x"),
            status: 304, bodyBytes: 0, duration: .nanoseconds(999), held: nil),
        RequestLogLine(
            timestamp: .fixed, request: HTTPRequest(method: .get, target: "/v1/skins/app/resolved?wait=30"),
            status: 200, bodyBytes: 12, duration: .seconds(29) + .microseconds(120_500), held: .seconds(29) + .milliseconds(120)),
        RequestLogLine(
            timestamp: LogTimestamp(millisecondsSince1970: -1), request: nil, status: 400, bodyBytes: 187,
            duration: .zero, held: nil),
        RequestLogLine(
            timestamp: .fixed, request: HTTPRequest(method: HTTPMethod("PURGE"), target: "/caf%C3%A9\\%0A"),
            status: 405, bodyBytes: 1, duration: .milliseconds(12), held: .zero),
    ]

    @Test(arguments: lines, [LogFormatSetting.logfmt, .json])
    func rendersWhatTheGenericPathRenders(line: RequestLogLine, format: LogFormatSetting) {
        let generic = LogRecord(timestamp: line.timestamp, level: .info, message: "request", metadata: line.metadata).rendered(as: format)
        var timestamps = LogTimestampFormatter()
        #expect(String(decoding: line.rendered(as: format, timestamps: &timestamps), as: UTF8.self) == String(decoding: generic, as: UTF8.self))
    }

    @Test func aLogfmtLineReadsAsTheDocumentedExample() {
        var timestamps = LogTimestampFormatter()
        let text = String(decoding: Self.lines[0].rendered(as: .logfmt, timestamps: &timestamps), as: UTF8.self)
        #expect(text == "ts=2026-11-21T20:50:52.123Z level=info msg=\"request\" http.bytes=2696 http.duration_ms=3.428 http.method=GET http.path=/v1/channels/default/skin http.status=200\n")
    }

    @Test func millisecondsPrintAsTheDoubleOfTheMicrosecondsDid() {
        for micros in Array(0..<2500) + [9_999, 10_000, 123_456, 60_000_000, 3_600_000_001] {
            #expect(RequestLogLine.milliseconds(.microseconds(micros)) == String(Double(micros) / 1000))
        }
        // Below a microsecond is truncated, as before.
        #expect(RequestLogLine.milliseconds(.nanoseconds(1_999)) == "0.001")
    }

    @Test func theTimestampFormatterWritesWhatIso8601Does() {
        var formatter = LogTimestampFormatter()
        // Within one second, across seconds, days and years, and before 1970.
        let instants: [Int64] = [1_795_294_252_123, 1_795_294_252_999, 1_795_294_253_000, 1_795_294_252_001, 1_798_761_599_999,
                                 1_798_761_600_000, 0, -1, -999, -1000, -1001]
        for milliseconds in instants {
            var out: [UInt8] = []
            formatter.append(LogTimestamp(millisecondsSince1970: milliseconds), to: &out)
            #expect(String(decoding: out, as: UTF8.self) == LogTimestamp(millisecondsSince1970: milliseconds).iso8601)
        }
    }

    @Test func onlyThePathIsKeptOfTheRequest() {
        let request = HTTPRequest(method: .post, target: "/v1/skins/app/versions", body: Array(repeating: 0x41, count: 1 << 20))
        let line = RequestLogLine(timestamp: .fixed, request: request, status: 201, bodyBytes: 10, duration: .zero, held: nil)
        // Only the path's bytes are kept, sharing the head's storage; the body is not referenced.
        #expect(line.path == "/v1/skins/app/versions")
        #expect(line.rawPath.map { Array($0) } == Array("/v1/skins/app/versions".utf8))
        #expect(line.method == .post)
    }
}

extension RequestLogLine: CustomTestStringConvertible {
    public var testDescription: String { "\(methodName) \(path) \(status)" }
}
