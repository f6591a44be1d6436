/// A response status code with its reason phrase (RFC 9110 §15).
package struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    package var code: Int
    package var reason: String

    package init(_ code: Int, _ reason: String? = nil) {
        self.code = code
        self.reason = reason ?? HTTPStatus.defaultReason(code)
    }

    package var description: String { "\(code) \(reason)" }

    /// RFC 9110 §6.4.1: 1xx, 204 and 304 responses never carry content.
    package var allowsBody: Bool { !(code < 200 || code == 204 || code == 304) }

    package static let ok = HTTPStatus(200)
    package static let created = HTTPStatus(201)
    package static let noContent = HTTPStatus(204)
    package static let found = HTTPStatus(302)
    package static let notModified = HTTPStatus(304)
    package static let badRequest = HTTPStatus(400)
    package static let notFound = HTTPStatus(404)
    package static let methodNotAllowed = HTTPStatus(405)
    package static let requestTimeout = HTTPStatus(408)
    package static let lengthRequired = HTTPStatus(411)
    package static let contentTooLarge = HTTPStatus(413)
    package static let uriTooLong = HTTPStatus(414)
    package static let expectationFailed = HTTPStatus(417)
    package static let requestHeaderFieldsTooLarge = HTTPStatus(431)
    package static let internalServerError = HTTPStatus(500)
    package static let notImplemented = HTTPStatus(501)
    package static let serviceUnavailable = HTTPStatus(503)
    package static let httpVersionNotSupported = HTTPStatus(505)

    static func defaultReason(_ code: Int) -> String {
        switch code {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        case 507: "Insufficient Storage"
        default: "Status \(code)"
        }
    }
}
