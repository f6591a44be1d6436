/// Header fields rendered once and appended by the engine to whichever response answers a
/// request, immediate or deferred, without copying (see `HTTPRequestContext.addResponseFields`).
///
/// For fields that depend on the request but not on the response: CORS fields depend on the
/// request's `Origin`, while the response may be a prepared one shared by every request for the
/// same document, or a long-poll answer fanned out to waiters from many origins.
///
/// ```swift
/// let anyOrigin = HTTPPreparedFields([HTTPField("Access-Control-Allow-Origin", "*")])  // once
/// context.addResponseFields(anyOrigin)                                                  // per request
/// ```
package struct HTTPPreparedFields: Sendable {
    /// `name: value` CRLF for each valid field, in order.
    package let bytes: HTTPBytes

    /// Renders `fields`. As in every head, a field whose name is not a token or whose value holds
    /// CR, LF or NUL is dropped (no header injection), and the fields the engine owns are ignored.
    package init(_ fields: [HTTPField]) {
        var out: [UInt8] = []
        HTTPResponseRenderer.appendFields(fields, to: &out)
        bytes = HTTPBytes(out)
    }
}
