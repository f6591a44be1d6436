import Logging
import Testing
@testable import LiveryServer

@Suite struct LogRecordTests {
    private func record(_ message: String = "request", level: LogLevelSetting = .info, metadata: Logger.Metadata = [:]) -> LogRecord {
        LogRecord(timestamp: .fixed, level: level, message: message, metadata: metadata)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func logfmtLineHasFixedKeysFirstThenSortedMetadata() {
        let line = record(metadata: [
            "http.status": .stringConvertible(200),
            "http.method": "GET",
            "http.path": "/v1/skins/app/resolved",
            "duration.ms": .stringConvertible(1.5),
        ]).logfmt()
        #expect(
            text(line)
                == "ts=2026-11-21T20:50:52.123Z level=info msg=\"request\" duration.ms=1.5 http.method=GET http.path=/v1/skins/app/resolved http.status=200\n"
        )
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("", "\"\""),
        ("two words", "\"two words\""),
        ("a=b", "\"a=b\""),
        ("say \"hi\"", "\"say \\\"hi\\\"\""),
        ("back\\slash", "\"back\\\\slash\""),
        ("line\nbreak", "\"line\\nbreak\""),
        ("tab\there", "\"tab\\there\""),
        ("cr\rhere", "\"cr\\rhere\""),
        ("bell\u{07}", "\"bell\\u0007\""),
        ("del\u{7F}", "\"del\\u007f\""),
        ("ünïcode→ok", "ünïcode→ok"),
    ])
    func logfmtQuotesAndEscapesValues(value: String, expected: String) {
        let line = text(record(metadata: ["v": .string(value)]).logfmt())
        #expect(line.hasSuffix(" v=\(expected)\n"))
    }

    @Test func logfmtMessageIsAlwaysQuotedAndEscaped() {
        #expect(text(record("listening on http://0.0.0.0:8080").logfmt()).contains(" msg=\"listening on http://0.0.0.0:8080\""))
        #expect(text(record("a \"b\"\nc").logfmt()).contains(" msg=\"a \\\"b\\\"\\nc\"\n"))
    }

    @Test func logfmtKeysLoseCharactersThatWouldBreakTheLine() {
        let line = text(record(metadata: ["bad key=\"x\"": "v", "": "w"]).logfmt())
        #expect(line.hasSuffix(" _=w bad_key__x_=v\n"))
    }

    @Test func oneLinePerRecordWhateverTheValues() {
        let line = record("multi\nline", metadata: ["a": "x\ny", "b": .array(["1\n2"])])
        #expect(line.logfmt().filter { $0 == 0x0A }.count == 1)
        #expect(line.jsonLine().filter { $0 == 0x0A }.count == 1)
    }

    @Test func nestedDictionariesBecomeDottedKeys() {
        let nested = record(metadata: ["http": ["method": "GET", "status": .stringConvertible(404)]])
        let dotted = record(metadata: ["http.method": "GET", "http.status": .stringConvertible(404)])
        #expect(nested == dotted)
        #expect(text(nested.logfmt()).hasSuffix(" http.method=GET http.status=404\n"))
    }

    @Test func reservedKeysInMetadataAreKeptAside() {
        let line = text(record(metadata: ["msg": "from metadata", "level": "x"]).logfmt())
        #expect(line.hasPrefix("ts=2026-11-21T20:50:52.123Z level=info msg=\"request\" "))
        #expect(line.hasSuffix(" meta.level=x meta.msg=\"from metadata\"\n"))
    }

    @Test func arraysAreWrittenAsJSONText() {
        let line = text(record(metadata: ["variants": .array(["dark", "compact"])]).logfmt())
        #expect(line.hasSuffix(" variants=\"[\\\"dark\\\",\\\"compact\\\"]\"\n"))
    }

    @Test func jsonLineSortsEveryKeyAndKeepsTypes() {
        let line = record(
            level: .warning,
            metadata: [
                "http.status": .stringConvertible(503),
                "http.method": "GET",
                "retry": .stringConvertible(true),
                "held.seconds": .stringConvertible(2.5),
                "tags": .array(["a", .stringConvertible(1)]),
                "text.number": "42",
            ]
        ).jsonLine()
        #expect(
            text(line)
                == #"{"held.seconds":2.5,"http.method":"GET","http.status":503,"level":"warning","msg":"request","retry":true,"tags":["a",1],"text.number":"42","ts":"2026-11-21T20:50:52.123Z"}"#
                + "\n")
    }

    @Test func jsonLineEscapesLikeCanonicalJSON() {
        let line = text(record("q\"\\\n\u{01}/\u{7F}é").jsonLine())
        #expect(line.contains(#""msg":"q\"\\\n\u0001/"# + "\u{7F}é\""))
    }

    @Test func hugeIntegersAndOddNumbersStayReadable() {
        let line = text(record(metadata: ["big": .stringConvertible(UInt64.max), "nan": .stringConvertible(Double.nan)]).jsonLine())
        #expect(line.contains(#""big":"18446744073709551615""#))
        #expect(line.contains(#""nan":"nan""#))
    }
}
