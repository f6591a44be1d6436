import Logging
import Testing
@testable import LiveryServer

@Suite struct LiveryLogHandlerTests {
    private func logger(
        _ sink: CapturingLogSink, format: LogFormatSetting = .logfmt, level: LogLevelSetting = .info,
        provider: Logger.MetadataProvider? = nil
    ) -> Logger {
        Logger(label: "test") { _ in
            LiveryLogHandler(format: format, level: level, sink: sink, metadataProvider: provider, clock: { .fixed })
        }
    }

    @Test func writesOneLinePerCall() {
        let sink = CapturingLogSink()
        let log = logger(sink)
        log.info("request", metadata: ["http.method": "GET", "http.status": "\(200)"])
        log.info("publish", metadata: ["skin": "app", "version": .stringConvertible(3)])
        #expect(
            sink.lines == [
                "ts=2026-11-21T20:50:52.123Z level=info msg=\"request\" http.method=GET http.status=200\n",
                "ts=2026-11-21T20:50:52.123Z level=info msg=\"publish\" skin=app version=3\n",
            ])
    }

    @Test(arguments: [
        (LogLevelSetting.error, ["error", "error"]),
        (.warning, ["warning", "error", "error"]),
        (.info, ["info", "info", "warning", "error", "error"]),
        (.debug, ["debug", "info", "info", "warning", "error", "error"]),
    ])
    func filtersByLevelAndWritesTheFourLevels(setting: LogLevelSetting, expected: [String]) {
        let sink = CapturingLogSink()
        let log = logger(sink, format: .json, level: setting)
        for level in Logger.Level.allCases {
            log.log(level: level, "m")
        }
        let levels = sink.lines.map { line in
            String(line.split(separator: "\"level\":\"")[1].prefix { $0 != "\"" })
        }
        #expect(levels == expected)
    }

    @Test func perCallMetadataWinsOverProviderOverHandler() {
        let sink = CapturingLogSink()
        let provider = Logger.MetadataProvider { ["request.id": "r-1", "source": "provider"] }
        var log = logger(sink, provider: provider)
        log[metadataKey: "source"] = "handler"
        log[metadataKey: "component"] = "http"
        log.info("m")
        log.info("m", metadata: ["source": "call"])
        #expect(
            sink.lines == [
                "ts=2026-11-21T20:50:52.123Z level=info msg=\"m\" component=http request.id=r-1 source=provider\n",
                "ts=2026-11-21T20:50:52.123Z level=info msg=\"m\" component=http request.id=r-1 source=call\n",
            ])
    }

    @Test func handlerMetadataIsPerLoggerCopy() {
        let sink = CapturingLogSink()
        let base = logger(sink)
        var child = base
        child[metadataKey: "conn"] = "7"
        base.info("a")
        child.info("b")
        #expect(sink.lines.map { $0.hasSuffix("conn=7\n") } == [false, true])
    }

    @Test func jsonFormatIsOneSortedObjectPerLine() throws {
        let sink = CapturingLogSink()
        logger(sink, format: .json).warning("slow", metadata: ["http": ["path": "/v1/events", "held.ms": .stringConvertible(1200)]])
        #expect(
            sink.lines == [
                #"{"http.held.ms":1200,"http.path":"/v1/events","level":"warning","msg":"slow","ts":"2026-11-21T20:50:52.123Z"}"#
                    + "\n"
            ])
    }

    @Test func directCallsBelowTheLevelAreDropped() {
        let sink = CapturingLogSink()
        let handler = LiveryLogHandler(format: .logfmt, level: .warning, sink: sink, clock: { .fixed })
        handler.log(event: LogEvent(level: .info, message: "no", metadata: nil, source: nil, file: #fileID, function: #function, line: #line))
        handler.log(event: LogEvent(level: .error, message: "yes", metadata: nil, source: nil, file: #fileID, function: #function, line: #line))
        #expect(sink.lines == ["ts=2026-11-21T20:50:52.123Z level=error msg=\"yes\"\n"])
    }
}
