import Crypto
import HTTPEngine
import SkinStore

/// One document as the server hands it out: canonical bytes and their gzip form, computed
/// once, with their entity tags and fully rendered responses. Resolved skins are the main use;
/// the server's other fixed documents (`/openapi.json`, `/v1/components`) use it too, so they
/// revalidate the same way.
///
/// A GET or HEAD of a cached document only picks one of four prepared responses (200 or 304,
/// identity or gzip); nothing is resolved, compressed or rendered per request (SPEC §3.1).
package final class CachedDocument: Sendable {
    /// Strong tag of the identity representation: `"<32 hex of SHA-256(bytes)>"`. The same
    /// bytes give the same tag on every process and after restarts.
    package let etag: String
    /// Tag of the gzip representation: the identity tag with `-gz` inside the quotes.
    package let gzipETag: String
    /// Both tags, for `If-None-Match` (built once, not per request).
    let tags: [String]
    package let identityBytes: HTTPBytes
    package let gzipBytes: HTTPBytes
    /// `skin@version` for resolved skins (sent as `Livery-Version`), nil for other documents.
    package let versionLabel: String?

    let identityOK: HTTPPreparedResponse
    let gzipOK: HTTPPreparedResponse
    let identityNotModified: HTTPPreparedResponse
    let gzipNotModified: HTTPPreparedResponse

    package convenience init(canonicalBytes: [UInt8], skin: String, version: Int) {
        self.init(canonicalBytes: canonicalBytes, versionLabel: "\(skin)@\(version)")
    }

    package init(canonicalBytes: [UInt8], versionLabel: String?) {
        let hex = Hex.encode(SHA256.hash(data: canonicalBytes).prefix(16))
        etag = "\"\(hex)\""
        gzipETag = "\"\(hex)-gz\""
        tags = [etag, gzipETag]
        identityBytes = HTTPBytes(canonicalBytes)
        gzipBytes = HTTPBytes(HTTPCompression.gzip(canonicalBytes, level: 9))
        self.versionLabel = versionLabel

        identityOK = Self.prepare(gzip: false, notModified: false, etag: etag, body: identityBytes, versionLabel: versionLabel)
        gzipOK = Self.prepare(gzip: true, notModified: false, etag: gzipETag, body: gzipBytes, versionLabel: versionLabel)
        identityNotModified = Self.prepare(gzip: false, notModified: true, etag: etag, body: nil, versionLabel: versionLabel)
        gzipNotModified = Self.prepare(gzip: true, notModified: true, etag: gzipETag, body: nil, versionLabel: versionLabel)
    }

    /// Whether the request's `If-None-Match` names this content in either representation
    /// (SPEC §3.1: lists, `*`, weak or strong tags).
    package func isCurrent(for request: HTTPRequest) -> Bool {
        HTTPConditional.ifNoneMatch(request.headers, matchesAnyOf: tags)
    }

    /// The prepared response for a request: 304 when its tag is current, else 200, in the
    /// representation its `Accept-Encoding` chose.
    package func response(coding: HTTPContentCoding, notModified: Bool) -> HTTPResponse {
        switch (coding, notModified) {
        case (.gzip, false): HTTPResponse(gzipOK)
        case (.gzip, true): HTTPResponse(gzipNotModified)
        case (_, false): HTTPResponse(identityOK)
        case (_, true): HTTPResponse(identityNotModified)
        }
    }

    /// The response a plain GET or HEAD gets: negotiated encoding, 304 when the tag is current.
    package func response(for request: HTTPRequest) -> HTTPResponse {
        response(coding: HTTPContentNegotiation.coding(for: request.headers), notModified: isCurrent(for: request))
    }

    /// A response with extra header fields (long-poll answers carry `Preference-Applied`),
    /// rendered on each call: a long-poll fan-out renders one per representation and wait and
    /// shares it (see `LongPollHub`).
    package func prepared(coding: HTTPContentCoding, notModified: Bool, extraHeaders: [HTTPField]) -> HTTPResponse {
        let gzip = coding == .gzip
        return HTTPResponse(Self.prepare(
            gzip: gzip, notModified: notModified, etag: gzip ? gzipETag : etag,
            body: notModified ? nil : (gzip ? gzipBytes : identityBytes), versionLabel: versionLabel,
            extraHeaders: extraHeaders))
    }

    /// The one place that says which header fields each representation carries.
    private static func prepare(
        gzip: Bool, notModified: Bool, etag: String, body: HTTPBytes?, versionLabel: String?, extraHeaders: [HTTPField] = []
    ) -> HTTPPreparedResponse {
        var headers: [HTTPField] = []
        if !notModified {
            headers.append(HTTPField("Content-Type", "application/json"))
            if gzip { headers.append(HTTPField("Content-Encoding", "gzip")) }
        }
        headers.append(HTTPField("ETag", etag))
        headers += sharedHeaders(versionLabel) + extraHeaders
        return HTTPPreparedResponse(status: notModified ? .notModified : .ok, headers: headers, body: body)
    }

    /// Every representation varies by `Accept-Encoding` and must be revalidated (SPEC §3.1).
    private static func sharedHeaders(_ versionLabel: String?) -> [HTTPField] {
        var headers = [HTTPField("Vary", "Accept-Encoding"), HTTPField("Cache-Control", "no-cache")]
        if let versionLabel { headers.append(HTTPField("Livery-Version", versionLabel)) }
        return headers
    }
}
