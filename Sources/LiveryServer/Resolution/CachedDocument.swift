import HTTPEngine
import SkinStore
import Synchronization

/// One document as the server hands it out: canonical bytes and their gzip form, computed
/// once, with their entity tags and fully rendered responses. Resolved skins are the main use;
/// the server's other fixed documents (`/openapi.json`, `/v1/components`, the web client, the
/// console's files) use it too, so they revalidate the same way.
///
/// A GET or HEAD of a cached document only picks one of four prepared responses (200 or 304,
/// identity or gzip); nothing is resolved, compressed or rendered per request (docs/api.md, "Reading skins").
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
    /// False when compression failed: the gzip representation is then the identity one.
    let hasGzip: Bool
    /// `skin@version` for resolved skins (sent as `Livery-Version`), nil for other documents.
    package let versionLabel: String?

    let identityOK: HTTPPreparedResponse
    let gzipOK: HTTPPreparedResponse
    let identityNotModified: HTTPPreparedResponse
    let gzipNotModified: HTTPPreparedResponse

    /// `Content-Type` of 200 answers: JSON for the documents, CSS for `format=css`.
    package let contentType: String

    /// `Cache-Control` of every answer but long-polls' (`no-store`): `no-cache` (revalidate each
    /// time) unless the document says otherwise (the web client's files may be kept a few
    /// minutes, so a page that is offline still loads them; resolved documents carry the
    /// shared lifetime when one is configured).
    package let cacheControl: String

    /// Fields of this document sent on every answer, 304s included (the console's
    /// `Content-Security-Policy`: RFC 9110 §15.4.5 lets a 304 carry what a 200 would).
    package let fixedHeaders: [HTTPField]

    /// When it was last read, by ``DocumentService``'s clock: stamped on the event loops without
    /// a lock, so that the cache's eviction keeps what launches read (``CacheShare``).
    let lastUsed = Atomic<UInt64>(0)

    /// What keeping it costs, for the cache budget: both bodies, and their prepared heads.
    var approximateBytes: Int {
        identityBytes.count + (hasGzip ? gzipBytes.count : 0) + 1_024
    }

    package static let jsonType = "application/json"
    package static let cssType = "text/css; charset=utf-8"

    package convenience init(
        canonicalBytes: [UInt8], skin: String, version: Int, contentType: String = jsonType, cacheControl: String = "no-cache"
    ) {
        self.init(canonicalBytes: canonicalBytes, versionLabel: "\(skin)@\(version)", contentType: contentType, cacheControl: cacheControl)
    }

    /// `compress` is gzip at level 9; when it fails the gzip representation is the identity one
    /// (same bytes, tag and fields, no `Content-Encoding`), never an empty body.
    package init(
        canonicalBytes: [UInt8], versionLabel: String?, contentType: String = jsonType, cacheControl: String = "no-cache",
        headers: [HTTPField] = [], compress: ([UInt8]) -> [UInt8]? = { HTTPCompression.gzip($0, level: 9) }
    ) {
        let hex = Hex.encode(SHA256Digest.hash(canonicalBytes).prefix(16))
        let identityBytes = HTTPBytes(canonicalBytes)
        let compressed = compress(canonicalBytes)
        let hasGzip = compressed != nil
        self.hasGzip = hasGzip
        let etag = "\"\(hex)\""
        let gzipETag = compressed == nil ? etag : "\"\(hex)-gz\""
        let gzipBytes = compressed.map { HTTPBytes($0) } ?? identityBytes
        (self.etag, self.gzipETag, tags) = (etag, gzipETag, [etag, gzipETag])
        (self.identityBytes, self.gzipBytes) = (identityBytes, gzipBytes)
        self.versionLabel = versionLabel
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.fixedHeaders = headers

        func prepare(gzip: Bool, notModified: Bool) -> HTTPPreparedResponse {
            let gzip = gzip && hasGzip
            return Self.prepare(
                gzip: gzip, notModified: notModified, etag: gzip ? gzipETag : etag,
                body: notModified ? nil : (gzip ? gzipBytes : identityBytes),
                versionLabel: versionLabel, contentType: contentType, cacheControl: cacheControl, extraHeaders: headers)
        }
        identityOK = prepare(gzip: false, notModified: false)
        gzipOK = prepare(gzip: true, notModified: false)
        identityNotModified = prepare(gzip: false, notModified: true)
        gzipNotModified = prepare(gzip: true, notModified: true)
    }

    /// Whether the request's `If-None-Match` names this content in either representation
    /// (docs/api.md, "Reading skins": lists, `*`, weak or strong tags).
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

    /// The answer to a long-poll (a request with `wait`), rendered on each call: a long-poll
    /// fan-out renders one per representation and wait and shares it (see `LongPollHub`).
    ///
    /// `Cache-Control: no-store` whatever the launch policy (docs/api.md, "Reading skins"): a shared cache that
    /// kept or coalesced long-poll answers would hand one waiter's answer to others, or
    /// release held requests one by one.
    package func longPollResponse(coding: HTTPContentCoding, notModified: Bool, extraHeaders: [HTTPField] = []) -> HTTPResponse {
        let gzip = coding == .gzip && hasGzip
        return HTTPResponse(Self.prepare(
            gzip: gzip, notModified: notModified, etag: gzip ? gzipETag : etag,
            body: notModified ? nil : (gzip ? gzipBytes : identityBytes), versionLabel: versionLabel,
            contentType: contentType, cacheControl: "no-store", extraHeaders: fixedHeaders + extraHeaders))
    }

    /// The one place that says which header fields each representation carries.
    private static func prepare(
        gzip: Bool, notModified: Bool, etag: String, body: HTTPBytes?, versionLabel: String?, contentType: String,
        cacheControl: String, extraHeaders: [HTTPField] = []
    ) -> HTTPPreparedResponse {
        var headers: [HTTPField] = []
        if !notModified {
            headers.append(HTTPField("Content-Type", contentType))
            if gzip { headers.append(HTTPField("Content-Encoding", "gzip")) }
        }
        headers.append(HTTPField("ETag", etag))
        headers += sharedHeaders(versionLabel, cacheControl: cacheControl) + extraHeaders
        return HTTPPreparedResponse(status: notModified ? .notModified : .ok, headers: headers, body: body)
    }

    /// Every representation varies by `Accept-Encoding`; documents must be revalidated (docs/api.md, "Reading skins").
    private static func sharedHeaders(_ versionLabel: String?, cacheControl: String) -> [HTTPField] {
        var headers = [HTTPField("Vary", "Accept-Encoding"), HTTPField("Cache-Control", cacheControl)]
        if let versionLabel { headers.append(HTTPField("Livery-Version", versionLabel)) }
        return headers
    }
}
