/// Renders response heads into bytes; used once per prepared response, or per dynamic response.
enum HTTPResponseRenderer {
    /// `HTTP/1.1 <code> <reason>` CRLF, the valid fields of `headers` minus the ones the engine
    /// owns, and `Content-Length` unless the status forbids content (RFC 9110 §8.6: never on 204
    /// or 1xx; omitted on 304). The blank line is not included: the engine ends the head.
    static func renderHead(status: HTTPStatus, headers: [HTTPField], bodyCount: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + headers.count * 40)
        out += "HTTP/1.1 \(status.code) ".utf8
        out += status.reason.utf8.filter { $0 != ASCII.cr && $0 != ASCII.lf && $0 != 0 }
        out += [ASCII.cr, ASCII.lf]
        appendFields(headers, to: &out)
        if status.allowsBody {
            out += "Content-Length: \(bodyCount)\r\n".utf8
        }
        return out
    }

    /// `name: value` CRLF for each valid field that the engine does not own, in order.
    static func appendFields(_ headers: [HTTPField], to out: inout [UInt8]) {
        for field in headers where field.isValid && !isEngineOwned(field.name) {
            out += field.name.utf8
            out += [ASCII.colon, ASCII.sp]
            out += field.value.utf8
            out += [ASCII.cr, ASCII.lf]
        }
    }

    static func isEngineOwned(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4, 10, 14, 17:
            let lower = name.lowercased()
            return lower == "date" || lower == "connection" || lower == "content-length" || lower == "transfer-encoding"
        default:
            return false
        }
    }

    /// The interim response sent for `Expect: 100-continue` (RFC 9110 §15.2.1).
    static let continueBytes = HTTPBytes(string: "HTTP/1.1 100 Continue\r\n\r\n")
}
