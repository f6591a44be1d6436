import HTTPEngine

/// Which other origins may read the client routes of docs/api.md, "Reading skins" from a browser (`http.corsAllowOrigins`),
/// as the Fetch standard's CORS protocol has it: the fields of every answer, and the answer to
/// a preflight.
///
/// A web app on another origin needs this as soon as it long-polls: its `If-None-Match` is not
/// a CORS-safelisted request header, so the browser first sends `OPTIONS` with `Origin` and
/// `Access-Control-Request-*`, and only then the `GET`. Designer and admin routes get none of it
/// (the console is same-origin), so a page elsewhere can never write.
///
/// Everything is rendered when the server starts: per request the policy compares the `Origin`
/// bytes with the listed origins and hands the engine fields prepared for that origin, which it
/// appends to the document's shared prepared response (or to a long-poll answer fanned out to
/// waiters of many origins).
struct CrossOriginPolicy: Sendable {
    /// Response fields a script may read besides the CORS-safelisted ones: the tag to revalidate
    /// with, the wait a 503 asks for, whether a long-poll was honoured, and which version it got.
    static let exposedHeaders = "ETag, Retry-After, Preference-Applied, Livery-Version"
    /// Seconds a browser may reuse a preflight answer (Chromium caps it at 7200): short, so a
    /// changed origin list reaches browsers within minutes.
    static let preflightMaxAge = 600

    /// One allowed origin (or `*`), with what its requests get.
    private struct Grant: Sendable {
        let origin: [UInt8]
        let fields: HTTPPreparedFields
        let preflight: HTTPPreparedResponse
    }

    /// `Access-Control-Allow-Origin: *` for every request, whatever its `Origin`.
    private let anyOrigin: Grant?
    /// The listed origins, each echoed to its own requests only.
    private let listed: [Grant]
    /// What a request from elsewhere (or without `Origin`) gets when origins are listed:
    /// `Vary: Origin` alone, so a shared cache never hands one origin's answer to another.
    private let unlisted: HTTPPreparedFields
    private let unlistedPreflight: HTTPPreparedResponse

    /// The policy for `allowOrigins` (`["*"]`, or origins such as `https://app.example.com`, as
    /// validated by the configuration), or nil when the list is empty (CORS off).
    /// - Parameters:
    ///   - allowsAuthorization: reads need a reader token, so a preflight allows `Authorization` too.
    ///   - methods: what a preflight allows; OFREP's evaluations are `POST`s with a JSON body,
    ///     hence `requestHeaders` with `Content-Type` for them (docs/api.md, "OFREP").
    init?(allowOrigins: [String], allowsAuthorization: Bool, methods: String = "GET, HEAD", requestHeaders: String = "If-None-Match, Prefer") {
        guard !allowOrigins.isEmpty else { return nil }
        let varies = allowOrigins != ["*"]
        let allow = HTTPField("Allow", methods + ", OPTIONS")
        var allowedHeaders = requestHeaders
        if allowsAuthorization { allowedHeaders += ", Authorization" }
        func grant(_ origin: String) -> Grant {
            let allowOrigin = HTTPField("Access-Control-Allow-Origin", origin)
            let vary = varies ? [HTTPField("Vary", "Origin")] : []
            return Grant(
                origin: Array(origin.utf8),
                fields: HTTPPreparedFields([allowOrigin, HTTPField("Access-Control-Expose-Headers", Self.exposedHeaders)] + vary),
                preflight: HTTPPreparedResponse(status: .noContent, headers: [
                    allow, allowOrigin, HTTPField("Access-Control-Allow-Methods", methods),
                    HTTPField("Access-Control-Allow-Headers", allowedHeaders),
                    HTTPField("Access-Control-Max-Age", String(Self.preflightMaxAge)),
                ] + vary, body: nil))
        }
        anyOrigin = varies ? nil : grant("*")
        listed = varies ? allowOrigins.map(grant) : []
        unlisted = HTTPPreparedFields([HTTPField("Vary", "Origin")])
        // RFC 9110 §9.3.7: an `OPTIONS` answer says which methods the resource has.
        unlistedPreflight = HTTPPreparedResponse(status: .noContent, headers: [allow, HTTPField("Vary", "Origin")], body: nil)
    }

    /// The fields for the answer to `request`, prepared for its `Origin`.
    func fields(for request: HTTPRequest) -> HTTPPreparedFields {
        grant(for: request)?.fields ?? unlisted
    }

    /// The answer to an `OPTIONS` request: `204` with the CORS fields when its `Origin` may read,
    /// `204` with only `Allow` (and `Vary`) otherwise, which the browser takes as a refusal.
    func preflight(for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(grant(for: request)?.preflight ?? unlistedPreflight)
    }

    /// The grant for the request's `Origin`, compared byte for byte: browsers serialize an origin
    /// in lowercase (`scheme://host[:port]`), and the configuration keeps origins that way.
    private func grant(for request: HTTPRequest) -> Grant? {
        if let anyOrigin { return anyOrigin }
        return request.headers.withFirstValueBytes(of: "origin") { origin in
            guard let origin else { return nil }
            return listed.first { $0.origin.elementsEqual(origin) }
        }
    }
}
