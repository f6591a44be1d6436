/// A response from a handler: status, header fields and an optional shared body.
///
/// Either built per request (`init(status:headers:body:)`; the engine renders the head when it
/// writes it) or taken from an `HTTPPreparedResponse` whose head was rendered once. The engine
/// adds `Date` and, when the connection closes after this response, `Connection: close`; it
/// computes `Content-Length` and never sends a body for HEAD, 204 or 304 (RFC 9110 §6.4.1).
/// `Content-Length`, `Date`, `Connection` and `Transfer-Encoding` in `headers` are ignored; a
/// handler that wants the connection closed after its response sets `closesConnection`.
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var headers: [HTTPField]
    package var body: HTTPBytes?
    /// A head rendered in advance (status line and fields, without Date and the final CRLF).
    let preparedHead: HTTPBytes?
    /// Why this is a server error, passed to the observer (never written to the client).
    package var cause: HTTPFailureCause?
    /// Close the connection after this response (the engine then writes `Connection: close`).
    /// A flag rather than a header field: a prepared response's head is fixed bytes, and one
    /// flag read per response costs less than scanning every response's fields for it.
    package var closesConnection = false

    package init(status: HTTPStatus = .ok, headers: [HTTPField] = [], body: HTTPBytes? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.preparedHead = nil
    }

    /// A response whose body is copied once from `bytes`.
    package init(status: HTTPStatus = .ok, headers: [HTTPField] = [], bytes: some Collection<UInt8>) {
        self.init(status: status, headers: headers, body: HTTPBytes(bytes))
    }

    /// A text body (UTF-8), e.g. for small JSON or problem documents.
    package init(status: HTTPStatus = .ok, headers: [HTTPField] = [], text: String) {
        self.init(status: status, headers: headers, body: HTTPBytes(string: text))
    }

    /// A response whose head and body were rendered once; writing it copies nothing.
    package init(_ prepared: HTTPPreparedResponse) {
        self.status = prepared.status
        self.headers = []
        self.body = prepared.body
        self.preparedHead = prepared.head
    }

    /// An RFC 9457 problem document, `{"title":…,"status":…}` plus an optional detail.
    package static func problem(_ status: HTTPStatus, detail: String? = nil, headers: [HTTPField] = []) -> HTTPResponse {
        var json = "{\"status\":\(status.code),\"title\":\"\(status.reason)\",\"type\":\"about:blank\""
        if let detail { json += ",\"detail\":\"\(jsonEscaped(detail))\"" }
        json += "}"
        return HTTPResponse(status: status, headers: [HTTPField("Content-Type", "application/problem+json")] + headers, text: json)
    }

    private static func jsonEscaped(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
