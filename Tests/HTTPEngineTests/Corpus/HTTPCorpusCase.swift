import Foundation

/// One request of `../shared/corpus/http/*.jsonl`: the raw bytes another project's suite sends,
/// with the verdict a strict server must give (see docs/http-conformance.md, "How verdicts are read").
struct HTTPCorpusCase: Sendable {
    /// The file the case came from, without `.jsonl` (`llhttp`, `h11`, `garden`, `portswigger`, `smuggler`).
    var source: String
    var id: String
    /// The bytes, as one write or (`parts_b64`) as several separate writes.
    var parts: [[UInt8]]
    var expectation: HTTPCorpusExpectation
    /// A smuggling probe's framings came from the corpus (PortSwigger's `rfc`), not from
    /// `HTTPSmuggleProbe.rfcFramings(of:)`.
    var smuggleFramingsFromCorpus: Bool

    var bytes: [UInt8] { parts.flatMap { $0 } }
}

/// What the case's peer expects, from the `expect` object.
enum HTTPCorpusExpectation: Sendable, Equatable {
    /// `n` complete requests answered (kind `accept`).
    case accept(Int)
    /// `n` answered, then a 4xx and close (kind `reject`).
    case reject(Int)
    /// The server waits for more bytes after `n` answers (kind `incomplete`).
    case incomplete(Int)
    /// A CONNECT, Upgrade or PRI whose following bytes are not HTTP for the peer (kind `handoff`).
    case handoff(Int)
    /// `n` answered, the last asked for `Connection: close`; what follows is never read (kind `close-after`).
    case closeAfter(Int)
    /// A smuggling probe (kind `smuggle`): rejected, or read with a framing RFC 9112 gives: `TE`,
    /// `NOTE` (no Transfer-Encoding), `REJECT`, as PortSwigger's `rfc` names them or, for smuggler's
    /// probes, as `HTTPSmuggleProbe.rfcFramings(of:)` reads the head.
    case smuggle(probe: HTTPSmuggleProbe, rfcFramings: [String])
    /// Any of these outcomes (kind `any`), written `accept:1`, `reject:0`, `incomplete:1`, `accept-close:1`, `close-after:1`.
    case any([String])

    /// Whether the case needs the server to be watched for a moment before the client half-closes:
    /// only then can "waits for more" be told apart from "answered and closed".
    var watchesForWaiting: Bool {
        switch self {
        case .incomplete, .handoff: true
        case .any(let allowed): allowed.contains { $0.hasPrefix("incomplete") || $0.hasPrefix("accept-close") }
        default: false
        }
    }
}

/// The three request shapes of smuggler's and PortSwigger's probes, each a POST with a mutated
/// `Transfer-Encoding` line.
enum HTTPSmuggleProbe: String, Sendable {
    /// `Content-Length: 6` and chunked body `0\r\n\r\nX`: chunked reads an empty body and leaves `X`.
    case tecl
    /// `Content-Length: 4` and chunked body `1\r\nZ\r\n0\r\n\r\n`: the length reads `1\r\nZ`.
    case clte
    /// No Content-Length; chunked body `1\r\nZ\r\n0\r\n\r\n`.
    case teOnly = "te-only"

    /// The body length a server reading the chunked framing hands to its handler.
    var chunkedBodyLength: Int { self == .tecl ? 0 : 1 }
    /// The body length a server reading Content-Length hands to its handler (nil: none sent).
    var contentLengthBodyLength: Int? {
        switch self {
        case .tecl: 6
        case .clte: 4
        case .teOnly: nil
        }
    }
}
