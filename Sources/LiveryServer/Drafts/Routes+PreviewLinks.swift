import HTTPEngine
import SkinModel
import SkinStore

/// docs/api.md, "Preview links": read-only, expiring links to a draft resolved (or to the version
/// a change request would make live), which a phone opens to show it in the real app. Designers make and revoke them; the link itself is
/// the only credential its reader needs, and it opens nothing but that draft's document.
extension Routes {
    /// Lifetimes a link may be given (seconds): 1 s to 30 days, a day when none is asked.
    static let previewLifetimes = 1...2_592_000
    static let defaultPreviewLifetime = 86_400

    func registerPreviewLinkRoutes(_ router: inout RouteTable) {
        router.post("/v1/drafts/{id}/preview-links") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { token async throws(Problem) in
                let id = try parameters.draft()
                return try await previewLinkResponse(showing: .draft(id), request: request, token: token)
            }
        }
        addRead("/v1/previews/{secret}/skin", to: &router) { request, parameters, context throws(Problem) in
            try resolvedDocuments.handle(target: .preview(secret: parameters.previewSecret()), request: request, context: context)
        }
        router.get("/v1/previews/{secret}") { request, parameters, context throws(Problem) in
            let secret = try parameters.previewSecret()
            return DeferredWork.respond(context) { () async throws(Problem) -> HTTPResponse in
                try await previewPage(secret: secret, request: request)
            }
        }
        router.get("/v1/previews/{secret}/qr.svg") { request, parameters, context throws(Problem) in
            let secret = try parameters.previewSecret()
            return DeferredWork.respond(context) { () async throws(Problem) -> HTTPResponse in
                // The code of a link that opens its draft now; whoever has the link may draw it.
                _ = try await documents.previewedLook(secret)
                guard let svg = QRCodeSVG.make(previewURL(secret, request)) else {
                    throw Problem.internalError("The preview link does not fit a QR code.")
                }
                return HTTPResponse(
                    status: .ok,
                    headers: [
                        HTTPField("Content-Type", "image/svg+xml"), HTTPField("Cache-Control", "private, no-store"),
                        HTTPField("Content-Security-Policy", "default-src 'none'; sandbox"), HTTPField("X-Content-Type-Options", "nosniff"),
                    ],
                    bytes: Array(svg.utf8))
            }
        }
        router.delete("/v1/previews/{secret}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { token async throws(Problem) in
                let secret = try parameters.previewSecret()
                try await storeCall { try await store.revokePreviewLink(secret: secret, actor: token.name) }
                logger.info("preview link revoked", metadata: ["token": "\(token.name)"])
                return HTTPResponse(status: .noContent)
            }
        }
    }

    /// Makes a preview link to `subject` as the request's body asks (`{"expiresIn": seconds}`)
    /// and answers `201 {url, expires}`: for a draft, and for a change request (its draft, or the
    /// version it would make live).
    func previewLinkResponse(showing subject: PreviewSubject, request: HTTPRequest, token: AuthenticatedToken) async throws(Problem) -> HTTPResponse {
        let lifetime = try Self.previewLifetime(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
        let link = try await makePreviewLink(showing: subject, lifetime: lifetime, request: request, token: token)
        return JSONResponse.make(.created, .object(link.json), headers: [HTTPField("Location", link.url)])
    }

    /// Makes a link to `subject` valid for `lifetime` seconds: `{url, expires}`.
    func makePreviewLink(
        showing subject: PreviewSubject, lifetime: Int, request: HTTPRequest, token: AuthenticatedToken
    ) async throws(Problem) -> (url: String, json: JSONObject) {
        let store = self.store
        let link = try await storeCall { try await store.createPreviewLink(showing: subject, lifetime: lifetime, actor: token.name) }
        let shows = switch subject {
        case .draft(let id): "draft \(id)"
        case .version(let skin, let number): "\(skin)@\(number)"
        }
        logger.info("preview link made", metadata: ["shows": "\(shows)", "token": "\(token.name)", "expires": "\(link.expiresAt)"])
        let url = previewURL(link.secret, request)
        return (url, JSONObject([("url", .string(url)), ("expires", .string(link.expiresAt))]))
    }

    /// The page a phone's browser shows at the link (``PreviewPage``); a link that opens nothing
    /// is a page too, or the usual problem for a program that asks for JSON.
    private func previewPage(secret: String, request: HTTPRequest) async throws(Problem) -> HTTPResponse {
        do {
            let previewed = try await documents.previewedLook(secret)
            return PreviewPage.open(url: previewURL(secret, request), previewed)
        } catch {
            guard HTTPContentNegotiation.prefersJSON(request.headers) else { return PreviewPage.failed(error) }
            var problem = error
            problem.headers.append((PreviewPage.vary.name, PreviewPage.vary.value))
            throw problem
        }
    }

    /// A link request's body: empty, `{}`, or `{"expiresIn": seconds}`, 1 s to 30 days (`422` otherwise).
    static func previewLifetime(_ body: [UInt8]) throws(Problem) -> Int {
        guard body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return defaultPreviewLifetime }
        guard case .object(let object)? = try? JSONParser.parse(body), object.keys.allSatisfy({ $0 == "expiresIn" }) else {
            throw Problem.badRequest("The body must be empty or {\"expiresIn\": seconds}.")
        }
        switch object["expiresIn"] {
        case nil:
            return defaultPreviewLifetime
        case .number(let seconds)? where seconds.rounded() == seconds && previewLifetimes.contains(Int(exactly: seconds) ?? 0):
            return Int(seconds)
        default:
            throw Problem(
                status: 422, slug: "invalid-expiry", title: "Invalid expiry",
                detail: "expiresIn must be a whole number of seconds from 1 to 2592000 (30 days).")
        }
    }

    /// Where the phone reaches the server: `http.publicOrigin`, else `http://` and the `Host`
    /// the designer's request came to.
    /// The link a phone opens for `secret` (`…/v1/previews/lvp_…`): what is shown as text, drawn
    /// as a QR code and taken by the apps' deep-link handlers.
    func previewURL(_ secret: String, _ request: HTTPRequest) -> String {
        previewOrigin(request) + "/v1/previews/\(secret)"
    }

    func previewOrigin(_ request: HTTPRequest) -> String {
        if let origin = configuration.publicOrigin { return origin }
        return "http://" + (request.headers["host"] ?? "\(configuration.host):\(configuration.port)")
    }
}
