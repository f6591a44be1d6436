/// The semantic checks of a head: Host, body framing, connection persistence and expectations.
/// The order of the checks is fixed so a request with several faults always gets the same answer.
extension HTTPRequestParser {
    struct Framing {
        var framing: HTTPRequest.Framing
        var keepAlive: Bool
        var expectsContinue: Bool
    }

    static func framing(
        _ p: UnsafeRawBufferPointer, headers: HTTPHeaders, method: HTTPMethod, version: HTTPVersion,
        limits: HTTPParserLimits
    ) -> Result<Framing, HTTPParseError> {
        var hostCount = 0
        var contentLength: Int?
        var sawTransferEncoding = false
        var chunkedCount = 0
        var chunkedIsFinal = false
        var unknownCoding = false
        var close = false
        var keepAliveToken = false
        var expectsContinue = false
        var badExpectation = false

        for r in headers.ranges {
            let name = UnsafeRawBufferPointer(rebasing: p[Int(r.nameStart)..<Int(r.nameEnd)])
            let value = UnsafeRawBufferPointer(rebasing: p[Int(r.valueStart)..<Int(r.valueEnd)])
            switch name.count {
            case 4 where ASCII.equalsLowercased(name, "host"):
                hostCount += 1
                // RFC 9112 §3.2: a Host with an invalid value is rejected (400).
                guard isValidHost(value) else { return .failure(.invalidHost) }
            case 14 where ASCII.equalsLowercased(name, "content-length"):
                // RFC 9110 §8.6: Content-Length = 1*DIGIT. A list of identical values (from
                // repeated fields or one comma list) MAY be replaced by one value: we accept it,
                // as proxies that merge fields produce it; differing or non-numeric values are
                // invalid and answered 400 (RFC 9112 §6.3 rule 5).
                guard mergeContentLength(value, into: &contentLength) else { return .failure(.invalidContentLength) }
            case 17 where ASCII.equalsLowercased(name, "transfer-encoding"):
                sawTransferEncoding = true
                var syntaxOK = true
                forEachListElement(value) { element in
                    // transfer-coding = token *( OWS ";" OWS transfer-parameter )
                    var end = 0
                    while end < element.count, ASCII.isTokenChar(element[end]) { end += 1 }
                    if end == 0 || (end < element.count && element[end] != ASCII.semicolon && !ASCII.isWhitespace(element[end])) {
                        syntaxOK = false
                        return
                    }
                    let coding = UnsafeRawBufferPointer(rebasing: element[0..<end])
                    if ASCII.equalsLowercased(coding, "chunked") {
                        chunkedCount += 1
                        chunkedIsFinal = true
                    } else {
                        unknownCoding = true
                        chunkedIsFinal = false
                    }
                }
                if !syntaxOK { return .failure(.invalidTransferEncoding) }
            case 10 where ASCII.equalsLowercased(name, "connection"):
                forEachListElement(value) { token in
                    if ASCII.equalsLowercased(token, "close") { close = true }
                    if ASCII.equalsLowercased(token, "keep-alive") { keepAliveToken = true }
                }
            case 6 where ASCII.equalsLowercased(name, "expect"):
                // RFC 9110 §10.1.1: an HTTP/1.0 request's 100-continue MUST be ignored.
                guard version == .http1_1 else { break }
                forEachListElement(value) { token in
                    if ASCII.equalsLowercased(token, "100-continue") { expectsContinue = true } else { badExpectation = true }
                }
            default:
                break
            }
        }

        if sawTransferEncoding {
            // RFC 9112 §6.1: a Transfer-Encoding in an HTTP/1.0 message means faulty framing.
            if version == .http1_0 { return .failure(.transferEncodingOnHTTP10) }
            // RFC 9112 §6.1: a server MAY reject Content-Length together with Transfer-Encoding;
            // it is the classic smuggling vector, so we do (400).
            if contentLength != nil { return .failure(.contentLengthWithTransferEncoding) }
            // RFC 9112 §6.1: a transfer coding the server does not understand → 501.
            if !unknownCoding && chunkedCount == 0 { return .failure(.invalidTransferEncoding) }
            if unknownCoding && chunkedCount == 0 { return .failure(.unknownTransferCoding) }
            // RFC 9112 §6.3 rule 4: chunked must be final (and applied once, §7), else 400.
            if chunkedCount != 1 || !chunkedIsFinal { return .failure(.chunkedNotFinal) }
            if unknownCoding { return .failure(.unknownTransferCoding) }
        }
        // RFC 9112 §3.2: an HTTP/1.1 request without Host, or any request with more than one
        // Host field line, MUST be answered 400.
        if hostCount > 1 { return .failure(.multipleHost) }
        if hostCount == 0 && version == .http1_1 { return .failure(.missingHost) }
        // RFC 9110 §10.1.1: an expectation other than 100-continue MAY be answered 417.
        if badExpectation { return .failure(.unsupportedExpectation) }

        let framing: HTTPRequest.Framing
        if chunkedCount == 1 {
            framing = .chunked
        } else if let n = contentLength {
            // RFC 9110 §15.5.14: refuse a body larger than we are willing to take, before reading it.
            if n > limits.maxBodyBytes { return .failure(.contentTooLarge) }
            framing = n == 0 ? .none : .length(n)
        } else {
            // RFC 9110 §15.5.12: a server MAY require a length (411); Livery does for POST/PUT
            // (docs/api.md, "Publishing and activating"). Other methods without framing have no body (RFC 9112 §6.3 rule 7).
            if method == .post || method == .put { return .failure(.lengthRequired) }
            framing = .none
        }
        // RFC 9112 §9.3: HTTP/1.1 persists unless "close"; HTTP/1.0 only with "keep-alive".
        // CONNECT never persists: after a 2xx to it, intermediaries tunnel the bytes that follow
        // (RFC 9110 §9.3.6), and an engine that tunnels nothing must not read them as requests.
        let keepAlive = !close && method != .connect && (version == .http1_1 || keepAliveToken)
        return .success(Framing(framing: framing, keepAlive: keepAlive, expectsContinue: expectsContinue))
    }

    /// Adds one Content-Length field value (a list of decimals) to `length`, the value of the
    /// fields before it; false when an element is not 1*DIGIT, differs from the others, or there
    /// is none.
    static func mergeContentLength(_ value: UnsafeRawBufferPointer, into length: inout Int?) -> Bool {
        var valid = true
        var sawElement = false
        var merged = length
        forEachListElement(value) { element in
            sawElement = true
            guard let n = parseDecimal(element), merged == nil || merged == n else {
                valid = false
                return
            }
            merged = n
        }
        guard valid, sawElement else { return false }
        length = merged
        return true
    }

    /// Calls `body` with each element of a comma-separated list (RFC 9110 §5.6.1), trimmed of
    /// OWS; empty elements are skipped, as the RFC requires of recipients.
    static func forEachListElement(_ value: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        var start = 0
        while start <= value.count {
            var end = start
            while end < value.count, value[end] != ASCII.comma { end += 1 }
            var s = start
            var e = end
            while s < e, ASCII.isWhitespace(value[s]) { s += 1 }
            while e > s, ASCII.isWhitespace(value[e - 1]) { e -= 1 }
            if e > s { body(UnsafeRawBufferPointer(rebasing: value[s..<e])) }
            start = end + 1
        }
    }

    /// 1*DIGIT; values too large to matter saturate at `Int.max` (then 413, not 400).
    static func parseDecimal(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var n = 0
        for c in bytes {
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
            if n > (Int.max - 9) / 10 { n = Int.max } else { n = n * 10 + Int(c - UInt8(ascii: "0")) }
        }
        return n
    }

    /// RFC 9110 §7.2 / RFC 3986 §3.2.2: Host = uri-host [":" port]; we accept the characters of
    /// reg-name, IPv4 and IP-literal forms (an empty value is allowed, RFC 9112 §3.2).
    static func isValidHost(_ value: UnsafeRawBufferPointer) -> Bool {
        value.allSatisfy { c in
            switch c {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
                 UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
                 UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
                return true
            default:
                return false
            }
        }
    }
}
