/// Checks the scanner makes as a head arrives, so that a head that is already wrong is refused at
/// the line (or byte) that shows it: a client that sends a bad line and never ends its head gets
/// its answer now, not a 408 at the header timeout. The complete head is still checked in full
/// when it ends (`parseRequestHead`); these checks only answer sooner, with the same errors.
extension HTTPRequestParser {
    /// The first byte of a line, judged as soon as it arrives: a field line may not start with
    /// whitespace (obs-fold, RFC 9112 §5.2, which we reject), and a request line starts with a
    /// method, a token (RFC 9110 §9.1), or is one of the empty lines ignored before it (§2.2).
    /// Control bytes are left to the line checks, which name them.
    func lineStartError(_ c: UInt8, isTrailer: Bool) -> HTTPParseError? {
        if scan.lines > 0 || isTrailer {
            return ASCII.isWhitespace(c) ? .obsoleteLineFolding : nil
        }
        return c >= 0x20 && !ASCII.isTokenChar(c) ? .invalidMethod : nil
    }

    /// A complete field line of a head, `p[from..<cr]` preceded by the line's `carried` bytes of
    /// earlier inputs (the end of `pending`). Only Content-Length is judged here: it decides how
    /// the rest of the connection is read, and a bad one is the classic smuggling vector.
    /// RFC 9110 §8.6: 1*DIGIT; a list of identical values may stand for one, differing values are
    /// invalid (RFC 9112 §6.3 rule 5: 400); a length over the body limit is refused (413).
    mutating func fieldLineError(_ p: UnsafeRawBufferPointer, from start: Int, cr: Int, carried: Int) -> HTTPParseError? {
        let nameLength = 14  // "content-length"
        guard carried + (cr - start) > nameLength else { return nil }
        let first = carried > 0 ? pending[pending.count - carried] : p[start]
        // Most lines end here: only a name starting with c or C can be Content-Length.
        guard first | 0x20 == UInt8(ascii: "c") else { return nil }
        if carried > 0 {
            // The line began in an earlier input (rare): judge a copy of it. Its CR may have come
            // last in that input (then this one starts with the LF, and `cr` is before `start`).
            var line = Array(pending.suffix(carried))
            if cr >= start {
                line.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[start..<cr]))
            } else {
                line.removeLast()
            }
            return line.withUnsafeBytes { contentLengthError(in: $0) }
        }
        return contentLengthError(in: UnsafeRawBufferPointer(rebasing: p[start..<cr]))
    }

    private mutating func contentLengthError(in line: UnsafeRawBufferPointer) -> HTTPParseError? {
        guard line.count > 14, line[14] == ASCII.colon,
              ASCII.equalsLowercased(UnsafeRawBufferPointer(rebasing: line[0..<14]), "content-length")
        else { return nil }
        var length = scan.contentLength
        guard Self.mergeContentLength(UnsafeRawBufferPointer(rebasing: line[15...]), into: &length), let length else {
            return .invalidContentLength
        }
        scan.contentLength = length
        return length > limits.maxBodyBytes ? .contentTooLarge : nil
    }

    /// Where a line of a head or trailer section first goes wrong, and how.
    struct LineFault {
        var error: HTTPParseError
        /// Index of the offending byte in the input.
        var at: Int
    }

    /// The earliest fault among `p[start..<end]`, the next bytes of the current line (which has
    /// `scan.lineLength` bytes from earlier inputs); when `lineEnds`, `p[end]` is its LF. Two
    /// kinds, whichever comes first in the byte stream:
    /// - a byte no head may contain: controls other than HTAB (RFC 9110 §5.5, RFC 9112 §3), DEL,
    ///   and a CR anywhere but last (bare CR, RFC 9112 §2.2; a CR last in a partial line is judged
    ///   by the byte after it, when that arrives);
    /// - the byte past the request-line limit (414) or the field-section limit (431) (RFC 9112
    ///   §3 and §5: a server MUST be able to refuse lines and sections it considers too long). On
    ///   a tie the limit wins: a CR that is last in one input and over the limit must get the
    ///   verdict it gets when the next byte arrives with it.
    /// Judging by position, not by which check runs first, is what makes the verdict independent
    /// of how the bytes were split (docs/http-conformance.md).
    func firstFault(in p: UnsafeRawBufferPointer, from start: Int, to end: Int, lineEnds: Bool, isTrailer: Bool) -> LineFault? {
        let requestLine = scan.lines == 0 && !isTrailer
        var bad: LineFault?
        var i = start
        while i < end {
            let c = p[i]
            if c < 0x20 || c == 0x7F {
                if c == 0 {
                    bad = LineFault(error: .nulInHead, at: i)
                    break
                }
                if c == ASCII.cr {
                    if i != end - 1 {
                        bad = LineFault(error: .bareCarriageReturn, at: i)
                        break
                    }
                } else if c != ASCII.htab {
                    bad = LineFault(error: requestLine ? .invalidRequestLine : .invalidFieldValue, at: i)
                    break
                }
            }
            i += 1
        }
        // Bytes of this line counted against the limit: the field section counts its LFs, the
        // request-line limit does not.
        let counted = (end - start) + (lineEnds && !requestLine ? 1 : 0)
        let room = requestLine
            ? limits.maxRequestLineBytes - scan.lineLength
            : limits.maxHeaderBytes - scan.fieldBytes - scan.lineLength
        if counted > room {
            let over = LineFault(error: requestLine ? .requestLineTooLong : .headerFieldsTooLarge, at: start + max(room, 0))
            if bad == nil || over.at <= bad!.at { return over }
        }
        return bad
    }
}
