#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An incremental HTTP/1.1 request parser (RFC 9112): a value-type state machine that accepts
/// bytes in pieces of any size, down to one byte at a time.
///
/// Call `parse(_:)` with the unread bytes; it reports one event and how many bytes it used. A
/// complete head found inside one input is copied once (it becomes the request's storage); only
/// a head split across inputs is accumulated. Bodies are reported as ranges of the input, so
/// the caller copies them once, into the request.
///
/// ```swift
/// var parser = HTTPRequestParser(limits: HTTPParserLimits())
/// var input = bytes[...]
/// loop: while true {
///     let step = input.withUnsafeBytes { parser.parse($0) }
///     switch step.event {
///     case .needMore: break loop
///     case .head(let request): ...
///     case .body(let range): ...          // range of the bytes passed to this call
///     case .end(let trailers): ...
///     case .error(let error): ...         // answer error.status, then close
///     }
///     input = input.dropFirst(step.consumed)
/// }
/// ```
package struct HTTPRequestParser: Sendable {
    enum State: Sendable {
        case head
        case body(remaining: Int)
        case contentEnd
        case chunkSize(size: Int, digits: Int)
        case chunkSizeWhitespace(size: Int)
        case chunkExtension(size: Int, length: Int, scanner: ChunkExtensionScanner)
        case chunkSizeLF(size: Int)
        case chunkData(remaining: Int)
        case chunkDataCR
        case chunkDataLF
        case trailers
        case failed(HTTPParseError)
    }

    /// Line-scanning progress of a head or trailer section split across inputs.
    struct LineScan: Sendable {
        var lineLength = 0
        var lastByte: UInt8 = 0
        /// Complete lines so far; trailer sections start at 1 (they have no request line).
        var lines = 0
        var fieldBytes = 0
        var leadingEmptyLines = 0
        /// The Content-Length of the field lines so far (see `fieldLineError`).
        var contentLength: Int?
    }

    package let limits: HTTPParserLimits
    var state: State = .head
    var scan = LineScan()
    /// Bytes of a head or trailer section that arrived in earlier inputs.
    var pending: [UInt8] = []
    /// Body bytes counted so far in a chunked body, for the body limit.
    var chunkedBodyBytes = 0

    /// Leading empty lines tolerated before a request line (RFC 9112 §2.2: "SHOULD ignore at
    /// least one empty line"); more is treated as garbage.
    static let maxLeadingEmptyLines = 4
    /// Longest chunk extension accepted on one chunk-size line.
    static let maxChunkExtensionBytes = 4096
    /// Most hex digits in a chunk size, leading zeros included.
    static let maxChunkSizeDigits = 16

    package init(limits: HTTPParserLimits = HTTPParserLimits()) {
        self.limits = limits
    }

    /// True between requests with nothing buffered: no partial head, no body in progress.
    package var isIdle: Bool {
        if case .head = state { return pending.isEmpty && scan.lineLength == 0 && scan.lines == 0 && scan.leadingEmptyLines == 0 }
        return false
    }

    /// True while a request's body (or trailers) is being read.
    package var isReadingBody: Bool {
        switch state {
        case .head, .failed: false
        default: true
        }
    }

    /// Parses from the start of `input`; see the type's documentation.
    package mutating func parse(_ input: UnsafeRawBufferPointer) -> HTTPParseStep {
        switch state {
        case .failed(let error):
            return HTTPParseStep(consumed: 0, event: .error(error))
        case .head:
            return parseHead(input)
        case .trailers:
            return parseTrailers(input, from: 0)
        case .contentEnd:
            resetForNextRequest()
            return HTTPParseStep(consumed: 0, event: .end(HTTPHeaders()))
        case .body(let remaining):
            guard !input.isEmpty else { return HTTPParseStep(consumed: 0, event: .needMore) }
            let n = min(remaining, input.count)
            state = remaining == n ? .contentEnd : .body(remaining: remaining - n)
            return HTTPParseStep(consumed: n, event: .body(0..<n))
        default:
            return parseChunked(input)
        }
    }

    mutating func fail(_ error: HTTPParseError, consumed: Int) -> HTTPParseStep {
        state = .failed(error)
        pending = []
        return HTTPParseStep(consumed: consumed, event: .error(error))
    }

    mutating func resetForNextRequest() {
        state = .head
        scan = LineScan()
        chunkedBodyBytes = 0
        pending = []
    }

    // MARK: Line scanning shared by heads and trailers

    enum ScanResult {
        /// The section ends before this input index (just after its final CRLF CRLF).
        case complete(end: Int)
        /// All of the input belongs to the section; more is needed.
        case incomplete
        case failed(HTTPParseError, at: Int)
    }

    /// Scans for the empty line that ends a head or trailer section, enforcing line syntax and
    /// size limits byte for byte in order, so that any split of the input gives the same result.
    /// `skippedTo` reports where a request starts after ignored leading empty lines.
    mutating func scanSection(_ p: UnsafeRawBufferPointer, from start: Int, isTrailer: Bool, skippedTo: inout Int) -> ScanResult {
        var i = start
        while i < p.count {
            if scan.lineLength == 0, let error = lineStartError(p[i], isTrailer: isTrailer) {
                return .failed(error, at: i + 1)
            }
            // The last input ended in CR: this byte must be its LF (RFC 9112 §2.2).
            if scan.lineLength > 0, scan.lastByte == ASCII.cr, p[i] != ASCII.lf {
                return .failed(.bareCarriageReturn, at: i + 1)
            }
            guard let base = p.baseAddress,
                  let found = memchr(base + i, Int32(ASCII.lf), p.count - i)
            else {
                // Reject at the first invalid byte rather than when the line ends: a client that
                // sends "\0" and waits must get its 400 now, not a 408 after the head timeout.
                if let fault = firstFault(in: p, from: i, to: p.count, lineEnds: false, isTrailer: isTrailer) {
                    return .failed(fault.error, at: fault.at + 1)
                }
                scan.lineLength += p.count - i
                scan.lastByte = p[p.count - 1]
                return .incomplete
            }
            let lf = UnsafeRawPointer(found) - base
            // The earliest offending byte of the line decides, whichever check finds it: a bad
            // byte, the byte past a size limit, or a line feed without its CR (RFC 9112 §2.2: two
            // ways of ending a line is how requests get smuggled). The same bytes then get the
            // same verdict however TCP cut them (docs/http-conformance.md).
            if let fault = firstFault(in: p, from: i, to: lf, lineEnds: true, isTrailer: isTrailer) {
                return .failed(fault.error, at: fault.at + 1)
            }
            let length = scan.lineLength + (lf - i)
            let before = lf > i ? p[lf - 1] : scan.lastByte
            if length == 0 || before != ASCII.cr {
                return .failed(.bareLineFeed, at: lf + 1)
            }
            let carried = scan.lineLength
            scan.lineLength = 0
            scan.lastByte = 0
            if scan.lines > 0 && !isTrailer, let error = fieldLineError(p, from: i, cr: lf - 1, carried: carried) {
                return .failed(error, at: lf + 1)
            }
            i = lf + 1
            if length == 1 {
                if scan.lines == 0 && !isTrailer {
                    // RFC 9112 §2.2: ignore empty lines before the request line.
                    scan.leadingEmptyLines += 1
                    if scan.leadingEmptyLines > Self.maxLeadingEmptyLines {
                        return .failed(.tooManyLeadingEmptyLines, at: i)
                    }
                    skippedTo = i
                    pending.removeAll()
                    continue
                }
                return .complete(end: i)
            }
            if scan.lines > 0 || isTrailer {
                scan.fieldBytes += length + 1
                // RFC 9112 §5 has no count limit; a server needs one (431, RFC 6585 §5).
                if scan.lines >= limits.maxHeaderCount + (isTrailer ? 0 : 1) {
                    return .failed(.tooManyHeaderFields, at: i)
                }
            }
            scan.lines += 1
        }
        return .incomplete
    }

    // MARK: Heads

    private mutating func parseHead(_ p: UnsafeRawBufferPointer) -> HTTPParseStep {
        guard !p.isEmpty else { return HTTPParseStep(consumed: 0, event: .needMore) }
        var headStart = 0
        switch scanSection(p, from: 0, isTrailer: false, skippedTo: &headStart) {
        case .failed(let error, let at):
            return fail(error, consumed: at)
        case .incomplete:
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[headStart...]))
            return HTTPParseStep(consumed: p.count, event: .needMore)
        case .complete(let end):
            let bytes: [UInt8]
            if pending.isEmpty {
                bytes = Array(UnsafeRawBufferPointer(rebasing: p[headStart..<end]))
            } else {
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[headStart..<end]))
                bytes = pending
                pending = []
            }
            switch HTTPRequestParser.parseRequestHead(bytes, limits: limits, expectedFields: scan.lines - 1) {
            case .failure(let error):
                return fail(error, consumed: end)
            case .success(let request):
                scan = LineScan()
                switch request.framing {
                case .none: state = .contentEnd
                case .length(let n): state = n == 0 ? .contentEnd : .body(remaining: n)
                case .chunked: state = .chunkSize(size: 0, digits: 0)
                }
                return HTTPParseStep(consumed: end, event: .head(request))
            }
        }
    }

    // MARK: Trailers

    mutating func parseTrailers(_ p: UnsafeRawBufferPointer, from start: Int) -> HTTPParseStep {
        var ignored = 0
        switch scanSection(p, from: start, isTrailer: true, skippedTo: &ignored) {
        case .failed(let error, let at):
            return fail(error, consumed: at)
        case .incomplete:
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[start...]))
            return HTTPParseStep(consumed: p.count, event: .needMore)
        case .complete(let end):
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[start..<end]))
            let bytes = pending
            switch HTTPRequestParser.parseFields(bytes, from: 0, expectedFields: scan.lines) {
            case .failure(let error):
                return fail(error, consumed: end)
            case .success(let fields):
                resetForNextRequest()
                return HTTPParseStep(consumed: end, event: .end(HTTPHeaders(bytes: bytes, ranges: fields.ranges)))
            }
        }
    }
}
