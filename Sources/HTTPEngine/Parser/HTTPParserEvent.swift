/// What the parser found in the bytes it was given. Every request is reported as one `.head`,
/// zero or more `.body` pieces and one `.end`, in that order; `.error` is final.
package enum HTTPParserEvent: Sendable {
    /// The input is used up; call again with more bytes.
    case needMore
    /// A complete, validated request head. Its body (if any) follows.
    case head(HTTPRequest)
    /// A piece of the body: a range of the input passed to this `parse` call.
    case body(Range<Int>)
    /// The request is complete; trailer fields of a chunked body (empty otherwise).
    case end(HTTPHeaders)
    /// The request is malformed or over a limit; the parser stays failed.
    case error(HTTPParseError)
}

/// One step of the parser: how many input bytes it used and what it found.
package struct HTTPParseStep: Sendable {
    package var consumed: Int
    package var event: HTTPParserEvent
}

/// Limits the parser enforces (docs/operations.md), taken from `HTTPServerConfiguration`.
package struct HTTPParserLimits: Sendable {
    /// Longest request line, its CR included (→ 414).
    package var maxRequestLineBytes = 8192
    /// Most bytes of header fields after the request line, CRLFs included (→ 431).
    package var maxHeaderBytes = 16384
    /// Most header field lines (→ 431).
    package var maxHeaderCount = 100
    /// Largest body, by Content-Length or the sum of chunks (→ 413).
    package var maxBodyBytes = 8 << 20

    package init() {}
}
