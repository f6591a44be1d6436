import HTTPEngine
import Logging

/// The raw parts of one request log line, taken on the event loop and rendered later, by the
/// log queue's writer thread (docs/operations.md: logging never stalls serving).
///
/// Why not a ``LogRecord`` made on the loop: that is a metadata dictionary, a flattened copy,
/// a sort, a decoded path and a formatted time per request, on the thread the next request is
/// waiting for; with the GET path at a few microseconds per request it cost a third of its
/// throughput. Taking these fields costs a clock read and one retain (the raw path shares the
/// request head's bytes, which it keeps alive until the line is written; the body is never
/// kept). ``rendered(as:timestamps:)`` writes the bytes ``LogRecord`` would for ``metadata``
/// (a test holds the two together).
package struct RequestLogLine: Sendable {
    package var timestamp: LogTimestamp
    /// Nil for answers to unparseable requests and timeouts (written `-`).
    package var method: HTTPMethod?
    /// The path as received, before percent-decoding; nil with `method`. Bounded by
    /// `http.maxHeaderBytes`, as a rendered path would be.
    package var rawPath: ArraySlice<UInt8>?
    package var status: Int
    package var bodyBytes: Int
    package var duration: Duration
    /// How long a long-poll was held; nil for other requests.
    package var held: Duration?

    package init(timestamp: LogTimestamp, request: HTTPRequest?, status: Int, bodyBytes: Int, duration: Duration, held: Duration?) {
        self.timestamp = timestamp
        self.method = request?.method
        self.rawPath = request.map { Self.withoutSecrets($0.rawPathBytes) }
        self.status = status
        self.bodyBytes = bodyBytes
        self.duration = duration
        self.held = held
    }

    static let message = "request"

    /// The line as swift-log metadata, for a handler that is not Livery's own (or that has
    /// metadata of its own to merge): the generic, slower path.
    package var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = [
            "http.method": .string(methodName),
            "http.path": .string(path),
            "http.status": .stringConvertible(status),
            "http.bytes": .stringConvertible(bodyBytes),
            "http.duration_ms": .string(Self.milliseconds(duration)),
        ]
        if let held { metadata["http.held_ms"] = .string(Self.milliseconds(held)) }
        return metadata
    }

    var methodName: String { method?.description ?? "-" }

    /// A preview link's path holds its secret (docs/api.md, "Preview links"), which opens a
    /// draft to whoever has it: it is logged as `/v1/previews/lvp_redacted/…` (the page at the
    /// link, `/v1/previews/lvp_redacted`, included), so that reading the logs opens nothing.
    /// Other paths are kept as they came (one prefix comparison, and a decoding only for a path
    /// with `%` in its first two segments).
    static func withoutSecrets(_ path: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        if path.starts(with: previewPrefix) { return redacting(path.dropFirst(previewPrefix.count)) }
        // The router decodes each segment before matching, so `/v1/%70reviews/lvp_…` is a
        // preview link too: such a spelling is decoded to be compared.
        var slashes = 0
        guard let end = path.firstIndex(where: { byte in
            if byte == UInt8(ascii: "/") { slashes += 1 }
            return slashes == 3
        }) else { return path }
        let head = path[...end]
        guard head.contains(UInt8(ascii: "%")), HTTPRequest.decodedPath(head) == "/v1/previews/" else { return path }
        return redacting(path[path.index(after: end)...])
    }

    /// The prefix, `lvp_redacted`, and what follows the secret's segment (`/skin`).
    private static func redacting(_ secretAndTail: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let tail = secretAndTail.firstIndex(of: UInt8(ascii: "/")).map { secretAndTail[$0...] } ?? []
        return ArraySlice(previewPrefix + Array("lvp_redacted".utf8) + tail)
    }

    private static let previewPrefix = Array("/v1/previews/".utf8)

    /// The decoded path, `-` without a request.
    var path: String { rawPath.map(HTTPRequest.decodedPath) ?? "-" }

    /// Milliseconds with up to three decimals, trailing zeros dropped (`3.428`, `12.0`): the
    /// microseconds, truncated, printed as `Double(µs) / 1000` prints, without the Double.
    package static func milliseconds(_ duration: Duration) -> String {
        var text: [UInt8] = []
        appendMilliseconds(duration, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    static func appendMilliseconds(_ duration: Duration, to out: inout [UInt8]) {
        let (seconds, attoseconds) = duration.components
        let micros = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        appendDecimal(micros / 1000, to: &out)
        out.append(UInt8(ascii: "."))
        var fraction = micros % 1000
        var digits = 3
        while digits > 1 && fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor: Int64 = digits == 3 ? 100 : digits == 2 ? 10 : 1
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// An integer in decimal, without making a String.
    static func appendDecimal<Integer: BinaryInteger>(_ value: Integer, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            appendDecimal(value.magnitude, to: &out)
            return
        }
        guard value >= 10 else {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        appendDecimal(value / 10, to: &out)
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
