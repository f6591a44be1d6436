/// A response rendered once and served many times: the status line and header fields
/// (including `Content-Length`) as bytes, plus the shared body.
///
/// Build one per cached document and representation (say, gzip 200, identity 200 and 304) when
/// the document changes; per request the engine only appends the cached `Date` line.
///
/// ```swift
/// let gzip = HTTPPreparedResponse(status: .ok, headers: [
///     HTTPField("Content-Type", "application/json"), HTTPField("Content-Encoding", "gzip"),
///     HTTPField("ETag", tag), HTTPField("Vary", "Accept-Encoding"), HTTPField("Cache-Control", "no-cache"),
/// ], body: HTTPBytes(compressed))
/// return .respond(HTTPResponse(gzip))
/// ```
package struct HTTPPreparedResponse: Sendable {
    package let status: HTTPStatus
    package let head: HTTPBytes
    package let body: HTTPBytes?

    package init(status: HTTPStatus = .ok, headers: [HTTPField], body: HTTPBytes?) {
        self.status = status
        self.body = body
        self.head = HTTPBytes(HTTPResponseRenderer.renderHead(status: status, headers: headers, bodyCount: body?.count ?? 0))
    }
}
