import Foundation

/// What a server did with one corpus case, read from the bytes it wrote: its final responses in
/// order (interim 1xx skipped), and how the connection ended.
struct CorpusOutcome: CustomStringConvertible {
    struct Response {
        var status: Int
        /// The response said `Connection: close`.
        var closes: Bool
        /// The body length the handler saw (the corpus server's `X-Request-Body` header).
        var requestBodyLength: Int?
        /// An error answer's problem `detail` (why the engine rejected), when its body arrived.
        var detail: String?
    }

    var responses: [Response]
    /// The server closed before the client half-closed (seen only when the case was watched).
    var closedEarly: Bool
    /// The case was watched (see `HTTPCorpusExpectation.watchesForWaiting`).
    var watched: Bool
    /// No EOF after the half-close, or bytes that are not a response.
    var malformed: Bool

    init(_ exchange: CorpusExchange, watched: Bool) {
        self.watched = watched
        closedEarly = exchange.closedBeforeHalfClose
        (responses, malformed) = Self.parse(exchange.received)
        malformed = malformed || exchange.hung
    }

    /// Responses answered with a success before the first error.
    var answered: Int { responses.prefix { $0.status < 400 }.count }
    /// The first error response, if any.
    var rejection: Response? { responses.first { $0.status >= 400 } }

    /// The outcome in the corpus's vocabulary: `reject:N`, `accept-close:N`, `incomplete:N`, `accept:N`
    /// (`closed:N` when the server closed silently during a watch; `malformed` for garbage or a hang).
    var verdict: String {
        if malformed { return "malformed" }
        if rejection != nil { return "reject:\(answered)" }
        if responses.last?.closes == true { return "accept-close:\(answered)" }
        if closedEarly { return "closed:\(answered)" }
        if watched { return "incomplete:\(answered)" }
        return "accept:\(answered)"
    }

    /// The verdict with the rejection's status (`reject:0/411`): what divergences name.
    var verdictWithStatus: String { rejection.map { "\(verdict)/\($0.status)" } ?? verdict }

    /// The verdict, status and the engine's reason, for failure messages.
    var description: String {
        guard let rejection else { return verdict }
        return "\(verdict)/\(rejection.status) \(rejection.detail ?? "")"
    }

    /// Splits a byte stream into HTTP/1.1 responses: head to the blank line, then `Content-Length`
    /// bytes. Parsing stops at the first error response (the server closes after it, and its body
    /// may be absent when the rejected request was a HEAD).
    static func parse(_ bytes: [UInt8]) -> (responses: [Response], malformed: Bool) {
        var responses: [Response] = []
        var offset = 0
        while offset < bytes.count {
            guard let end = headEnd(bytes, from: offset) else { return (responses, true) }
            let lines = String(decoding: bytes[offset..<end], as: UTF8.self).components(separatedBy: "\r\n")
            let statusLine = lines[0].split(separator: " ")
            guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else { return (responses, true) }
            var fields: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { return (responses, true) }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            offset = end + 4
            if status < 200 { continue }
            let length = Int(fields["content-length"] ?? "0") ?? 0
            let body = offset + length <= bytes.count ? Array(bytes[offset..<(offset + length)]) : []
            let response = Response(
                status: status, closes: fields["connection"]?.lowercased() == "close",
                requestBodyLength: fields["x-request-body"].flatMap { Int($0) },
                detail: status >= 400 ? problemDetail(body) : nil)
            responses.append(response)
            if status >= 400 { break }
            offset += length
        }
        return (responses, false)
    }

    private static func problemDetail(_ body: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        return object["detail"] as? String
    }

    private static func headEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + 3 < bytes.count {
            if bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }
}
