import Testing
@testable import HTTPEngine

/// Chunk extensions against RFC 9112 §7.1.1's grammar, and rejection at the first invalid byte.
@Suite struct ChunkExtensionTests {
    static func chunked(_ sizeLine: String) -> [UInt8] {
        Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(sizeLine)\r\nhello\r\n0\r\n\r\n".utf8)
    }

    @Test(arguments: [
        "5;a", "5;a=b", "5; a = b", "5 ;a", "5;a=\"b\"", "5;a=\"b\\\"c\"", "5;a=\"\"", "5;a;b=c;d=\"e f\"", "5;a=\"x\\\\\"",
    ])
    func acceptedExtensions(_ line: String) {
        let events = parseEvents(Self.chunked(line))
        #expect(events.contains(.body(Array("hello".utf8))), "\(line): \(events)")
        #expect(events.last == .end(trailers: []), "\(line)")
        #expect(parseEvents(Self.chunked(line), chunk: 1) == events, "\(line): byte at a time differs")
    }

    @Test(arguments: [
        "5;a=\"b", "5;", "5;=b", "5;a=", "5;a=b c", "5;a=\"b\"c", "5;a b", "5;a=\"\u{01}\"", "5;a=(b)", "5;;a", "5;a=b;",
    ])
    func rejectedExtensions(_ line: String) {
        #expect(parseEvents(Self.chunked(line)).last == .error(.invalidChunk), "\(line)")
        #expect(parseEvents(Self.chunked(line), chunk: 1).last == .error(.invalidChunk), "\(line) byte at a time")
    }

    @Test func aNulAloneIsRejectedAtOnce() {
        #expect(parseEvents([0]) == [.error(.nulInHead)])
        #expect(parseEvents(Array("GET / HT\u{0}".utf8)) == [.error(.nulInHead)])
        #expect(parseEvents(Array("GET / HTTP/1.1\r\nHost: x\r\nX: a\u{7}".utf8)) == [.error(.invalidFieldValue)])
        // A CR at the end of what arrived may still be followed by its LF.
        #expect(parseEvents(Array("GET / HTTP/1.1\r".utf8)).isEmpty)
    }
}
