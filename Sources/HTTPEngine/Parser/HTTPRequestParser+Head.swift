/// Validation of a complete head: request line (RFC 9112 §3), field lines (RFC 9112 §5) and the
/// framing rules that decide how the body is read (RFC 9112 §6). Runs once per request, over the
/// head's own bytes, which then back the request's header view.
extension HTTPRequestParser {
    struct ParsedFields {
        var ranges: [HTTPHeaders.FieldRange] = []
        /// Index just after the empty line that ends the section.
        var end = 0
    }

    static func parseRequestHead(_ bytes: [UInt8], limits: HTTPParserLimits, expectedFields: Int = 8) -> Result<HTTPRequest, HTTPParseError> {
        bytes.withUnsafeBytes { p -> Result<HTTPRequest, HTTPParseError> in
            // The scanner guarantees: every LF is preceded by CR and the head ends with CRLF CRLF.
            var lf = 0
            while p[lf] != ASCII.lf { lf += 1 }
            let lineEnd = lf - 1

            // RFC 9112 §3: request-line = method SP request-target SP HTTP-version, single spaces.
            var i = 0
            while i < lineEnd, ASCII.isTokenChar(p[i]) { i += 1 }
            guard i > 0, i < lineEnd else { return .failure(.invalidMethod) }
            guard p[i] == ASCII.sp else { return .failure(p[i] == 0 ? .nulInHead : .invalidMethod) }
            let method = HTTPMethod(bytes: UnsafeRawBufferPointer(rebasing: p[0..<i]))
            i += 1
            let targetStart = i
            // RFC 9112 §3.2 / RFC 3986: a target is visible ASCII; CTLs, NUL, bare CR, SP inside
            // and non-ASCII bytes are rejected.
            while i < lineEnd, p[i] != ASCII.sp {
                let c = p[i]
                guard c > 0x20, c < 0x7F else {
                    return .failure(c == 0 ? .nulInHead : c == ASCII.cr ? .bareCarriageReturn : .invalidTarget)
                }
                i += 1
            }
            let targetEnd = i
            guard targetEnd > targetStart, i < lineEnd else { return .failure(.invalidRequestLine) }
            i += 1
            let version: HTTPVersion
            switch parseVersion(UnsafeRawBufferPointer(rebasing: p[i..<lineEnd])) {
            case .success(let v): version = v
            case .failure(let e): return .failure(e)
            }
            guard let path = pathRange(p, target: targetStart..<targetEnd, method: method) else {
                return .failure(.invalidTarget)
            }

            let fields: ParsedFields
            switch parseFields(bytes, from: lf + 1, expectedFields: expectedFields) {
            case .success(let f): fields = f
            case .failure(let e): return .failure(e)
            }
            let headers = HTTPHeaders(bytes: bytes, ranges: fields.ranges)
            return framing(p, headers: headers, method: method, version: version, limits: limits).map { f in
                HTTPRequest(
                    method: method, version: version, headers: headers,
                    target: targetStart..<targetEnd, path: path,
                    keepAlive: f.keepAlive, expectsContinue: f.expectsContinue, framing: f.framing
                )
            }
        }
    }

    /// RFC 9112 §2.3: HTTP-version = "HTTP/" DIGIT "." DIGIT, case-sensitive. Versions other than
    /// 1.0 and 1.1 are well-formed but not served: 505 (RFC 9110 §15.6.6).
    static func parseVersion(_ v: UnsafeRawBufferPointer) -> Result<HTTPVersion, HTTPParseError> {
        guard v.count == 8, v[0] == UInt8(ascii: "H"), v[1] == UInt8(ascii: "T"), v[2] == UInt8(ascii: "T"),
              v[3] == UInt8(ascii: "P"), v[4] == ASCII.slash, v[6] == UInt8(ascii: "."),
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(v[5]),
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(v[7])
        else {
            return .failure(v.contains(0) ? .nulInHead : v.contains(ASCII.cr) ? .bareCarriageReturn : .invalidVersion)
        }
        switch (v[5], v[7]) {
        case (UInt8(ascii: "1"), UInt8(ascii: "1")): return .success(.http1_1)
        case (UInt8(ascii: "1"), UInt8(ascii: "0")): return .success(.http1_0)
        default: return .failure(.unsupportedVersion)
        }
    }

    /// The path part of the target (RFC 9112 §3.2): origin-form `/p?q`, absolute-form
    /// `http://h/p?q` (path after the authority), asterisk-form `*` (OPTIONS only) and
    /// authority-form (CONNECT only, no path). Nil when the form does not fit the method.
    static func pathRange(_ p: UnsafeRawBufferPointer, target: Range<Int>, method: HTTPMethod) -> Range<Int>? {
        func pathEnd(from start: Int) -> Int {
            var e = start
            while e < target.upperBound, p[e] != ASCII.question, p[e] != UInt8(ascii: "#") { e += 1 }
            return e
        }
        let first = p[target.lowerBound]
        if first == ASCII.slash {
            return target.lowerBound..<pathEnd(from: target.lowerBound)
        }
        if target.count == 1 && first == UInt8(ascii: "*") {
            return method == .options ? target : nil
        }
        if method == .connect {
            return target.lowerBound..<target.lowerBound
        }
        // absolute-form: scheme "://" authority path-abempty
        var i = target.lowerBound
        while i < target.upperBound, p[i] != ASCII.colon { i += 1 }
        guard i > target.lowerBound, i + 2 < target.upperBound,
              p[i + 1] == ASCII.slash, p[i + 2] == ASCII.slash
        else { return nil }
        var s = i + 3
        while s < target.upperBound, p[s] != ASCII.slash, p[s] != ASCII.question, p[s] != UInt8(ascii: "#") { s += 1 }
        return s..<pathEnd(from: s)
    }

    /// Field lines from `start` to the empty line (RFC 9112 §5).
    /// `expectedFields` (the scanner's line count) sizes the range array in one allocation.
    static func parseFields(_ bytes: [UInt8], from start: Int, expectedFields: Int = 8) -> Result<ParsedFields, HTTPParseError> {
        bytes.withUnsafeBytes { p -> Result<ParsedFields, HTTPParseError> in
            var fields = ParsedFields()
            fields.ranges.reserveCapacity(max(0, expectedFields))
            var line = start
            while true {
                var lf = line
                while p[lf] != ASCII.lf { lf += 1 }
                let cr = lf - 1
                if cr == line {
                    fields.end = lf + 1
                    return .success(fields)
                }
                // RFC 9112 §5.2: obs-fold is rejected with 400 (a server MUST reject or unfold).
                if ASCII.isWhitespace(p[line]) { return .failure(.obsoleteLineFolding) }
                var j = line
                while j < cr, ASCII.isTokenChar(p[j]) { j += 1 }
                guard j < cr, p[j] == ASCII.colon else {
                    // RFC 9112 §5.1: no whitespace is allowed between the field name and colon;
                    // a server MUST reject such a request with 400.
                    if j < cr, ASCII.isWhitespace(p[j]) { return .failure(.whitespaceBeforeColon) }
                    if j < cr, p[j] == 0 { return .failure(.nulInHead) }
                    if j < cr, p[j] == ASCII.cr { return .failure(.bareCarriageReturn) }
                    return .failure(.invalidFieldName)
                }
                guard j > line else { return .failure(.invalidFieldName) }
                var vs = j + 1
                while vs < cr, ASCII.isWhitespace(p[vs]) { vs += 1 }
                var ve = cr
                while ve > vs, ASCII.isWhitespace(p[ve - 1]) { ve -= 1 }
                // RFC 9110 §5.5: field-value = *field-content (VCHAR, obs-text, SP, HTAB). NUL and
                // bare CR MUST be rejected (RFC 9112 §2.2, RFC 9110 §5.5); other CTLs too.
                var k = vs
                while k < ve {
                    let c = p[k]
                    if c < 0x20 || c == 0x7F {
                        if c == 0 { return .failure(.nulInHead) }
                        if c == ASCII.cr { return .failure(.bareCarriageReturn) }
                        if c != ASCII.htab { return .failure(.invalidFieldValue) }
                    }
                    k += 1
                }
                fields.ranges.append(HTTPHeaders.FieldRange(
                    nameStart: UInt32(line), nameEnd: UInt32(j), valueStart: UInt32(vs), valueEnd: UInt32(ve)))
                line = lf + 1
            }
        }
    }
}
