import Testing
@testable import HTTPEngine

@Suite("Request parser")
struct ParserTests {
    @Test func simpleGet() {
        let events = parseEvents([UInt8]("GET /a?b=1 HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n"))
        #expect(events == [
            .head(method: "GET", target: "/a?b=1", headers: ["Host: x", "Accept: */*"], keepAlive: true),
            .end(trailers: []),
        ])
    }

    /// One row per malformed request: the bytes and the error (and so the status) it must get.
    static let malformed: [(String, String, HTTPParseError)] = [
        ("CL and TE", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", .contentLengthWithTransferEncoding),
        ("TE and CL", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", .contentLengthWithTransferEncoding),
        ("differing CL fields", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", .invalidContentLength),
        ("differing CL list", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 4\r\n\r\nabcd", .invalidContentLength),
        ("negative CL", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", .invalidContentLength),
        ("CL with sign", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc", .invalidContentLength),
        ("hex CL", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0x3\r\n\r\nabc", .invalidContentLength),
        ("empty CL", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \r\n\r\n", .invalidContentLength),
        ("unknown coding", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", .unknownTransferCoding),
        ("unknown coding before chunked", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .unknownTransferCoding),
        ("chunked not final", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", .chunkedNotFinal),
        ("chunked twice", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", .chunkedNotFinal),
        ("TE on HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .transferEncodingOnHTTP10),
        ("obs-fold", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  b\r\n\r\n", .obsoleteLineFolding),
        ("obs-fold tab", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n\tb\r\n\r\n", .obsoleteLineFolding),
        ("bare CR in value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n", .bareCarriageReturn),
        ("bare CR in target", "GET /a\rb HTTP/1.1\r\nHost: x\r\n\r\n", .bareCarriageReturn),
        ("bare LF", "GET / HTTP/1.1\nHost: x\r\n\r\n", .bareLineFeed),
        ("bare LF ending head", "GET / HTTP/1.1\r\nHost: x\r\n\n", .bareLineFeed),
        ("NUL in value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n", .nulInHead),
        ("NUL in target", "GET /\u{0} HTTP/1.1\r\nHost: x\r\n\r\n", .nulInHead),
        ("NUL in name", "GET / HTTP/1.1\r\nHost: x\r\nX\u{0}A: a\r\n\r\n", .nulInHead),
        ("space before colon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", .whitespaceBeforeColon),
        ("tab before colon", "GET / HTTP/1.1\r\nHost: x\r\nX-A\t: 1\r\n\r\n", .whitespaceBeforeColon),
        ("missing colon", "GET / HTTP/1.1\r\nHost: x\r\nX-A\r\n\r\n", .invalidFieldName),
        ("empty name", "GET / HTTP/1.1\r\nHost: x\r\n: v\r\n\r\n", .invalidFieldName),
        ("control in value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{1}\r\n\r\n", .invalidFieldValue),
        ("missing Host on 1.1", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", .missingHost),
        ("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .multipleHost),
        ("invalid Host", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .invalidHost),
        ("HTTP/2.0", "GET / HTTP/2.0\r\nHost: x\r\n\r\n", .unsupportedVersion),
        ("HTTP/1.2", "GET / HTTP/1.2\r\nHost: x\r\n\r\n", .unsupportedVersion),
        ("HTTP/0.9", "GET / HTTP/0.9\r\n\r\n", .unsupportedVersion),
        ("lower-case version", "GET / http/1.1\r\nHost: x\r\n\r\n", .invalidVersion),
        ("version too long", "GET / HTTP/1.10\r\nHost: x\r\n\r\n", .invalidVersion),
        ("no version", "GET /\r\nHost: x\r\n\r\n", .invalidRequestLine),
        ("double space", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", .invalidRequestLine),
        ("bad method", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n", .invalidMethod),
        ("relative target", "GET a/b HTTP/1.1\r\nHost: x\r\n\r\n", .invalidTarget),
        ("non-ASCII target", "GET /\u{e9} HTTP/1.1\r\nHost: x\r\n\r\n", .invalidTarget),
        ("asterisk on GET", "GET * HTTP/1.1\r\nHost: x\r\n\r\n", .invalidTarget),
        ("POST without length", "POST / HTTP/1.1\r\nHost: x\r\n\r\n", .lengthRequired),
        ("PUT without length", "PUT / HTTP/1.1\r\nHost: x\r\n\r\n", .lengthRequired),
        ("unknown expectation", "GET / HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n", .unsupportedExpectation),
        ("bad chunk size", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .invalidChunk),
        ("chunk without CRLF after data", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX", .invalidChunk),
        ("chunk size with space", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3 \r\nabc\r\n", .invalidChunk),
        ("chunk size bare LF", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\nabc\r\n", .invalidChunk),
        ("trailer obs-fold", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nA: b\r\n c\r\n\r\n", .obsoleteLineFolding),
        ("garbage leading lines", "\r\n\r\n\r\n\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", .tooManyLeadingEmptyLines),
    ]

    @Test(arguments: malformed)
    func rejectsMalformed(_ row: (String, String, HTTPParseError)) {
        let bytes = [UInt8](row.1)
        let whole = parseEvents(bytes)
        #expect(whole.last == .error(row.2), "\(row.0): \(whole)")
        #expect(!whole.contains { if case .head = $0 { return true } else { return false } } || row.1.contains("chunked\r\n\r\n"),
                "\(row.0): reported a head")
        #expect(parseEvents(bytes, chunk: 1) == whole, "\(row.0): byte at a time differs")
        #expect(row.2.status.code >= 400)
    }

    /// Heads that never end but are already wrong: rejected at the line (or byte) that shows it,
    /// not left to the header timeout (the HTTP corpus half-closes after such bytes).
    static let wrongBeforeTheEnd: [(String, String, HTTPParseError)] = [
        ("obs-fold on the first field line", "GET / HTTP/1.1\r\n Host: x", .obsoleteLineFolding),
        ("bare CR in the request line", "GET / HTTP/1.1\rLine: 1\r\n", .bareCarriageReturn),
        ("bare CR starting a line", "GET / HTTP/1.1\r\nHost: a\r\n\rZGET /evil HTTP/1.1\r\n", .bareCarriageReturn),
        ("space before the method", " ", .invalidMethod),
        ("differing Content-Lengths", "PUT /url HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n", .invalidContentLength),
        ("Content-Length not a number", "POST / HTTP/1.1\r\nHost: x\r\ncontent-length: 1x\r\n", .invalidContentLength),
        ("Content-Length over the limit", "PUT /url HTTP/1.1\r\nContent-Length: 1000000000000000000000\r\n", .contentTooLarge),
    ]

    @Test(arguments: wrongBeforeTheEnd)
    func rejectsBeforeTheHeadEnds(_ row: (String, String, HTTPParseError)) {
        let bytes = [UInt8](row.1)
        #expect(parseEvents(bytes) == [.error(row.2)], "\(row.0)")
        #expect(parseEvents(bytes, chunk: 1) == [.error(row.2)], "\(row.0): byte at a time")
    }

    @Test func statusesOfErrors() {
        #expect(HTTPParseError.unsupportedVersion.status.code == 505)
        #expect(HTTPParseError.unknownTransferCoding.status.code == 501)
        #expect(HTTPParseError.lengthRequired.status.code == 411)
        #expect(HTTPParseError.requestLineTooLong.status.code == 414)
        #expect(HTTPParseError.headerFieldsTooLarge.status.code == 431)
        #expect(HTTPParseError.contentTooLarge.status.code == 413)
        #expect(HTTPParseError.unsupportedExpectation.status.code == 417)
        #expect(HTTPParseError.contentLengthWithTransferEncoding.status.code == 400)
    }

    static let valid: [String] = [
        "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
        "\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 5\r\nContent-Length: 5\r\n\r\nhello",
        "POST /p HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;name=\"v\" ; n2\r\nhello\r\n6\r\n world\r\n0;last\r\nX-Sum: 1\r\nX-Other: 2\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nHEAD /c HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.0\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET http://example.com/a/b?c=d HTTP/1.1\r\nHost: example.com\r\n\r\n",
        "PUT /x HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX-Empty:\r\nX-Spaces:   a b  \r\nX-Obs: caf\u{e9}\r\n\r\n",
    ]

    @Test(arguments: valid)
    func splitEqualsWhole(_ request: String) {
        let bytes = [UInt8](request)
        let whole = parseEvents(bytes)
        #expect(!whole.contains { if case .error = $0 { return true } else { return false } }, "\(whole)")
        for chunk in [1, 2, 3, 7, 16] {
            #expect(parseEvents(bytes, chunk: chunk) == whole, "chunk \(chunk)")
        }
    }

    @Test func chunkedWithExtensionsAndTrailers() {
        let events = parseEvents([UInt8](Self.valid[4]))
        #expect(events == [
            .head(method: "POST", target: "/p", headers: ["Host: x", "Transfer-Encoding: chunked"], keepAlive: true),
            .body([UInt8]("hello world")),
            .end(trailers: ["X-Sum: 1", "X-Other: 2"]),
        ])
    }

    @Test func pipelinedInOneBuffer() {
        let events = parseEvents([UInt8](Self.valid[5]))
        let targets = events.compactMap { e -> String? in if case .head(_, let t, _, _) = e { return t } else { return nil } }
        #expect(targets == ["/a", "/b", "/c"])
        #expect(events.filter { if case .end = $0 { return true } else { return false } }.count == 3)
    }

    @Test func keepAliveRules() {
        func keepAlive(_ s: String) -> Bool? {
            if case .head(_, _, _, let k)? = parseEvents([UInt8](s)).first { return k }
            return nil
        }
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: x\r\n\r\n") == true)
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, CLOSE\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") == true)
        // RFC 9110 §9.3.6: what follows an answered CONNECT is a tunnel's, never the next request.
        #expect(keepAlive("CONNECT a.example:443 HTTP/1.1\r\nHost: a.example:443\r\n\r\n") == false)
    }

    @Test func limits() {
        var limits = HTTPParserLimits()
        limits.maxRequestLineBytes = 32
        limits.maxHeaderBytes = 64
        limits.maxHeaderCount = 3
        limits.maxBodyBytes = 10
        let longLine = "GET /" + String(repeating: "a", count: 40) + " HTTP/1.1\r\nHost: x\r\n\r\n"
        let bigHeader = "GET / HTTP/1.1\r\nHost: x\r\nX-A: " + String(repeating: "b", count: 80) + "\r\n\r\n"
        let manyHeaders = "GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"
        let bigBody = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n"
        let bigChunked = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n"
        let cases: [(String, HTTPParseError)] = [
            (longLine, .requestLineTooLong), (bigHeader, .headerFieldsTooLarge), (manyHeaders, .tooManyHeaderFields),
            (bigBody, .contentTooLarge), (bigChunked, .contentTooLarge),
        ]
        for (request, error) in cases {
            #expect(parseEvents([UInt8](request), limits: limits).last == .error(error))
            #expect(parseEvents([UInt8](request), chunk: 1, limits: limits).last == .error(error))
        }
        #expect(HTTPParseError.tooManyHeaderFields.status.code == 431)
        // Exactly at the limits is fine.
        let three = "GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\n\r\n"
        #expect(parseEvents([UInt8](three), limits: limits).last == .end(trailers: []))
        let ten = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789"
        #expect(parseEvents([UInt8](ten), limits: limits).last == .end(trailers: []))
    }

    @Test func neverParsesAfterAnError() {
        let bytes = [UInt8]("GET / HTTP/1.1\r\nHost : x\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
        var parser = HTTPRequestParser()
        let first = bytes.withUnsafeBytes { parser.parse($0) }
        guard case .error = first.event else { Issue.record("expected an error"); return }
        let again = bytes.withUnsafeBytes { parser.parse(UnsafeRawBufferPointer(rebasing: $0[first.consumed...])) }
        guard case .error = again.event else { Issue.record("parsed after an error"); return }
    }

    @Test func requestAccessors() {
        var parser = HTTPRequestParser()
        let bytes = [UInt8]("GET /v1/a%20b/c?x=1&y=a+b&x=2&flag HTTP/1.1\r\nHost: x\r\nAccept: a\r\naccept: b\r\nIf-None-Match: \"t\"\r\nExpect: 100-continue\r\n\r\n")
        let step = bytes.withUnsafeBytes { parser.parse($0) }
        guard case .head(let r) = step.event else { Issue.record("no head"); return }
        #expect(r.method == .get)
        #expect(r.version == .http1_1)
        #expect(r.rawPath == "/v1/a%20b/c")
        #expect(r.path == "/v1/a b/c")
        #expect(r.rawQuery == "x=1&y=a+b&x=2&flag")
        #expect(r.queryValues("x") == ["1", "2"])
        #expect(r.queryValue("y") == "a b")
        #expect(r.queryValue("flag") == "")
        // The same items with `+` kept, for values such as semver build metadata.
        var keepingPlus: [String] = []
        r.forEachRawQueryItem { item in
            keepingPlus.append(item.decodedName(plusAsSpace: false) + "=" + item.decodedValue(plusAsSpace: false))
            return true
        }
        #expect(keepingPlus == ["x=1", "y=a+b", "x=2", "flag="])
        // The same items again as received, not decoded, and a walk that stops when asked.
        var raw: [String] = []
        r.forEachRawQueryItem { item in
            raw.append(String(decoding: item.name, as: UTF8.self) + "=" + String(decoding: item.value, as: UTF8.self))
            return raw.count < 3
        }
        #expect(raw == ["x=1", "y=a+b", "x=2"])
        #expect(r.headers["if-none-match"] == "\"t\"")
        #expect(r.headers["ACCEPT"] == "a")
        #expect(r.headers.values(for: "Accept") == ["a", "b"])
        #expect(r.headers["missing"] == nil)
        #expect(r.expectsContinue)
    }

    @Test func rawQueryItemsCompareTheirNamesDecodedAndSayWhetherAValueHasEscapes() {
        var parser = HTTPRequestParser()
        let bytes = [UInt8]("GET /s?%63lient=ios%2F3.2.1&client=ios/3.2.1+7&&clients=x&c+d=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        guard case .head(let r) = bytes.withUnsafeBytes({ parser.parse($0) }).event else { Issue.record("no head"); return }
        var seen: [(isClient: Bool, escaped: Bool, value: String)] = []
        r.forEachRawQueryItem { item in
            seen.append((item.nameIs("client"), item.valueHasEscapes, item.decodedValue(plusAsSpace: false)))
            return true
        }
        #expect(seen.map(\.isClient) == [true, true, false, false])
        #expect(seen.map(\.escaped) == [true, false, false, false])
        #expect(seen.map(\.value) == ["ios/3.2.1", "ios/3.2.1+7", "x", "1"])
        #expect(r.queryItems.count == seen.count)
    }

    @Test func absoluteFormPath() {
        var parser = HTTPRequestParser()
        let bytes = [UInt8]("GET http://example.com:8080/a/b?c=d HTTP/1.1\r\nHost: example.com\r\n\r\n")
        guard case .head(let r) = bytes.withUnsafeBytes({ parser.parse($0) }).event else { Issue.record("no head"); return }
        #expect(r.rawPath == "/a/b")
        #expect(r.queryValue("c") == "d")
    }
}
