/// A request as the handler sees it.
///
/// Cheap to make: the request line and header fields stay in one byte array (the head as
/// received) with ranges into it; `target`, `path`, header values and query items become
/// Strings only when read. `body` holds the content after transfer decoding (chunked removed);
/// a `Content-Encoding` such as gzip is left to the application.
package struct HTTPRequest: Sendable {
    /// How the body is delimited (RFC 9112 §6).
    enum Framing: Sendable, Equatable {
        case none
        case length(Int)
        case chunked
    }

    package let method: HTTPMethod
    package let version: HTTPVersion
    /// Header fields in order received; duplicates kept.
    package let headers: HTTPHeaders
    /// The content, after chunked decoding.
    package var body: [UInt8]
    /// Trailer fields of a chunked body (RFC 9112 §7.1.2), kept apart from `headers`.
    package var trailers: HTTPHeaders
    /// The peer's address; nil for synthetic requests.
    package var remoteAddress: HTTPRemoteAddress?

    let targetStart: UInt32
    let targetEnd: UInt32
    let pathStart: UInt32
    let pathEnd: UInt32
    /// Whether the connection may carry another request after this one (RFC 9112 §9.3).
    package let keepAlive: Bool
    /// `Expect: 100-continue` on an HTTP/1.1 request (RFC 9110 §10.1.1).
    package let expectsContinue: Bool
    let framing: Framing

    init(
        method: HTTPMethod, version: HTTPVersion, headers: HTTPHeaders,
        target: Range<Int>, path: Range<Int>, keepAlive: Bool, expectsContinue: Bool, framing: Framing
    ) {
        self.method = method
        self.version = version
        self.headers = headers
        self.body = []
        self.trailers = HTTPHeaders()
        self.remoteAddress = nil
        self.targetStart = UInt32(target.lowerBound)
        self.targetEnd = UInt32(target.upperBound)
        self.pathStart = UInt32(path.lowerBound)
        self.pathEnd = UInt32(path.upperBound)
        self.keepAlive = keepAlive
        self.expectsContinue = expectsContinue
        self.framing = framing
    }

    /// A synthetic request (tests, internal dispatch). `target` is an origin-form target.
    package init(method: HTTPMethod, target: String, headers: [(String, String)] = [], body: [UInt8] = []) {
        var fields = headers
        fields.append(("", target))  // the target is stored after the fields, in the same bytes
        let all = HTTPHeaders(fields)
        let r = all.ranges[all.ranges.count - 1]
        self.method = method
        self.version = .http1_1
        self.headers = HTTPHeaders(bytes: all.bytes, ranges: Array(all.ranges.dropLast()))
        self.body = body
        self.trailers = HTTPHeaders()
        self.remoteAddress = nil
        self.targetStart = r.valueStart
        self.targetEnd = r.valueEnd
        let q = target.utf8.firstIndex(of: ASCII.question).map { target.utf8.distance(from: target.utf8.startIndex, to: $0) }
        self.pathStart = r.valueStart
        self.pathEnd = r.valueStart + UInt32(q ?? target.utf8.count)
        self.keepAlive = true
        self.expectsContinue = false
        self.framing = body.isEmpty ? .none : .length(body.count)
    }

    /// The request target exactly as received (origin, absolute or asterisk form).
    package var target: String { string(Int(targetStart)..<Int(targetEnd)) }

    /// The path of the target before percent-decoding (`/v1/skins/a%20b`).
    package var rawPath: String { string(Int(pathStart)..<Int(pathEnd)) }

    /// The path, percent-decoded (`/v1/skins/a b`). Routing decodes per segment instead, so an
    /// encoded `/` (`%2F`) never splits a segment.
    package var path: String {
        withPathBytes { PercentDecoding.decode($0, plusAsSpace: false) }
    }

    /// The raw path's bytes, sharing the request head's storage (a retain, no copy): for a log
    /// line rendered later on another thread, which decodes them with ``decodedPath(_:)``.
    package var rawPathBytes: ArraySlice<UInt8> {
        headers.bytes[Int(pathStart)..<Int(pathEnd)]
    }

    /// `path` from ``rawPathBytes``.
    package static func decodedPath(_ rawPath: ArraySlice<UInt8>) -> String {
        rawPath.withUnsafeBytes { PercentDecoding.decode($0, plusAsSpace: false) }
    }

    /// Whether the target has a query (`?…`), without making a `String` of it.
    package var hasQuery: Bool { queryRange != nil }

    /// The raw query (after `?`, before any `#`), or nil when the target has none.
    package var rawQuery: String? {
        guard let q = queryRange else { return nil }
        return string(q)
    }

    /// Decoded query items in order, repeated names kept (`+` means space, as in forms).
    package var queryItems: [(name: String, value: String)] {
        guard let q = queryRange else { return [] }
        return headers.bytes.withUnsafeBytes { PercentDecoding.queryItems(UnsafeRawBufferPointer(rebasing: $0[q])) }
    }

    /// Calls `body` with each query item as received, not decoded, in order, until it returns
    /// false; the items point into the request's head and are valid only during the call. The
    /// same items, in the same order, as ``queryItems``, without allocating them.
    package func forEachRawQueryItem(_ body: (RawQueryItem) -> Bool) {
        guard let q = queryRange else { return }
        headers.bytes.withUnsafeBytes { PercentDecoding.forEachItem(UnsafeRawBufferPointer(rebasing: $0[q]), body) }
    }

    /// The first decoded value of query parameter `name`.
    package func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Every decoded value of query parameter `name`, in order.
    package func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    /// Calls `body` with the raw path bytes, for routing without Strings.
    func withPathBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        headers.bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[Int(pathStart)..<Int(pathEnd)])) }
    }

    private var queryRange: Range<Int>? {
        let end = Int(targetEnd)
        var start = Int(pathEnd)
        guard start < end, headers.bytes[start] == ASCII.question else { return nil }
        start += 1
        var stop = start
        while stop < end, headers.bytes[stop] != UInt8(ascii: "#") { stop += 1 }
        return start..<stop
    }

    private func string(_ range: Range<Int>) -> String {
        headers.bytes.withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}
