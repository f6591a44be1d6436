import Testing
@testable import HTTPEngine

/// The parser's verdict must not depend on how TCP cut the bytes: the earliest offending byte
/// decides, whatever arrived when (docs/http-conformance.md). Each input is fed whole, split in
/// two at every byte, and one byte at a time, and every run must report the same events.
@Suite("Parser verdict independent of splits")
struct ParserSplitVerdictTests {
    /// The events for `bytes` fed as two inputs, cut before index `cut`.
    static func events(_ bytes: [UInt8], cutAt cut: Int, limits: HTTPParserLimits) -> [ParsedEvent] {
        parseEvents(pieces: [Array(bytes[..<cut]), Array(bytes[cut...])].filter { !$0.isEmpty }, limits: limits)
    }

    /// The fuzzer's limits (Benchmarks/Sources/ParserFuzz), small enough for inputs to reach them.
    static let smallLimits: HTTPParserLimits = {
        var l = HTTPParserLimits()
        l.maxRequestLineBytes = 32
        l.maxHeaderBytes = 48
        l.maxHeaderCount = 4
        l.maxBodyBytes = 64
        return l
    }()

    static func expectOneVerdict(_ bytes: [UInt8], limits: HTTPParserLimits = HTTPParserLimits(),
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = parseEvents(bytes, limits: limits)
        #expect(parseEvents(bytes, chunk: 1, limits: limits) == whole, "byte at a time", sourceLocation: sourceLocation)
        for cut in 1..<max(bytes.count, 1) {
            let split = events(bytes, cutAt: cut, limits: limits)
            #expect(split == whole, "split at \(cut): \(split) vs \(whole)", sourceLocation: sourceLocation)
        }
    }

    /// The input that stopped `scripts/fuzz.sh parser`: whole (or split at 1, 5, 30) it was "LF
    /// without CR", split at 13 or 22 or byte at a time "NUL in head". The NUL comes first.
    @Test func fuzzerFinding() {
        let bytes = Array("GET N\0\0\0\0\0\0\0/ HTTP/1.1\r\nHost: x\r\nLeA\t: 1\t: \n".utf8)
        #expect(parseEvents(bytes) == [.error(.nulInHead)])
        Self.expectOneVerdict(bytes)
    }

    static let similar: [(String, HTTPParseError)] = [
        ("GET / HTTP/1.1\r\nHost: x\r\nA: \u{1}\r\nB\0: 1\n", .invalidFieldValue),
        ("GET /\u{7F} HTTP/1.1\r\nHost: x\nX: \0\r\n\r\n", .invalidRequestLine),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: a\rb\0\r\n\r\n", .bareCarriageReturn),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: ab\r\0\r\n\r\n", .bareCarriageReturn),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: abc\n\0\r\n\r\n", .bareLineFeed),
        ("GET / HTTP/1.1\r\nHost: x\r\nLeA\t: 1\t: \r\n\r\n", .whitespaceBeforeColon),
    ]

    @Test(arguments: similar)
    func similarInputs(_ row: (String, HTTPParseError)) {
        let bytes = Array(row.0.utf8)
        #expect(parseEvents(bytes).last == .error(row.1))
        Self.expectOneVerdict(bytes)
    }

    /// Size limits against bad bytes: the byte past the limit and a bad byte after (or at) it.
    static let overLimits: [(String, HTTPParseError)] = [
        ("GET /\(String(repeating: "a", count: 37))\0 HTTP/1.1\r\n\r\n", .requestLineTooLong),
        // A CR at the limit's byte (index 32), then at the byte before it.
        ("GET /\(String(repeating: "a", count: 27))\r\0 HTTP/1.1\r\n\r\n", .requestLineTooLong),
        ("GET /\(String(repeating: "a", count: 26))\r\0 HTTP/1.1\r\n\r\n", .bareCarriageReturn),
        ("GET /\(String(repeating: "a", count: 23))\0aaaaaaaaaaa HTTP/1.1\r\n\r\n", .nulInHead),
        // A control at the field section's limit (index 48 of "Host: x\r\nX: a…").
        ("GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "a", count: 36))\u{1}\r\n\r\n", .headerFieldsTooLarge),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "a", count: 35))\u{1}\r\n\r\n", .invalidFieldValue),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "a", count: 33))\r\n\r\n", .headerFieldsTooLarge),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "a", count: 34))\r\nY\n", .headerFieldsTooLarge),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "a", count: 32))\r\nY\n", .bareLineFeed),
    ]

    @Test(arguments: overLimits)
    func limitsAgainstBadBytes(_ row: (String, HTTPParseError)) {
        let bytes = Array(row.0.utf8)
        #expect(parseEvents(bytes, limits: Self.smallLimits).last == .error(row.1))
        Self.expectOneVerdict(bytes, limits: Self.smallLimits)
    }

    /// Many inputs built from the pieces that decide verdicts (controls, CR, LF, colons,
    /// whitespace, long runs), from a fixed seed: every one must give one verdict for every split.
    @Test func generatedInputs() {
        let pieces: [[UInt8]] = [
            Array("GET / HTTP/1.1\r\n".utf8), Array("Host: x\r\n".utf8), Array("\r\n".utf8), [0], [0x0D], [0x0A],
            [0x09], [0x01], [0x7F], [0x20], Array(":".utf8), Array("aaaaaaaaaaaaaaaa".utf8), Array("X".utf8),
            Array("Content-Length: 3\r\n".utf8), Array("Transfer-Encoding: chunked\r\n".utf8), Array("0\r\n".utf8),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + next(10)) { bytes += pieces[next(pieces.count)] }
            Self.expectOneVerdict(bytes, limits: Self.smallLimits)
        }
    }
}
