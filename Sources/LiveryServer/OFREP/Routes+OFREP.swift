import HTTPEngine
import SkinModel

/// The OpenFeature Remote Evaluation Protocol for a channel (docs/api.md, "OFREP"): any
/// OpenFeature provider that speaks OFREP (Kotlin/Android, Swift, JavaScript, Go, …) reads a
/// look as flags, one per token. Public like the client routes; shapes follow OFREP's
/// `service/openapi.yaml` (open-feature/protocol).
extension Routes {
    static let ofrepBulkRoute = "/ofrep/v1/evaluate/flags"
    static let ofrepFlagRoute = "/ofrep/v1/evaluate/flags/{key}"
    /// The OFREP routes, whose bodies anyone may send when reads are public.
    static let ofrepRoutes: Set<String> = [ofrepBulkRoute, ofrepFlagRoute]
    /// An evaluation context is a few names; a larger body is not one. Applied from the declared
    /// length before `100 Continue` (the router's body screen), and again after gzip decoding.
    static let ofrepMaxBody = 64 * 1024
    /// Whose share of the body budget anonymous evaluations' bodies count against: all of them
    /// together, as one client (`http.maxBufferedBodyBytesPerToken`).
    static let anonymousOFREPOwner = "public:ofrep"

    func registerOFREPRoutes(_ router: inout HTTPRouter) {
        let crossOrigin = CrossOriginPolicy(
            allowOrigins: configuration.corsAllowOrigins, allowsAuthorization: !configuration.publicReads,
            methods: "POST", requestHeaders: "Content-Type, If-None-Match")
        for pattern in [Self.ofrepBulkRoute, Self.ofrepFlagRoute] {
            router.post(pattern) { request, parameters, context in
                if let crossOrigin { context.addResponseFields(crossOrigin.fields(for: request)) }
                let key = parameters["key"]
                let deferred = context.deferResponse(timeout: nil)
                Task { deferred.respond(await evaluateOFREP(key: key, request: request)) }
                return .deferred
            }
            if let crossOrigin {
                router.add(.options, pattern) { request, _, _ in .respond(crossOrigin.preflight(for: request)) }
            }
        }
    }

    /// One evaluation (`key`) or all (`key` nil), answered with OFREP's bodies.
    func evaluateOFREP(key: String?, request: HTTPRequest) async -> HTTPResponse {
        let body: [UInt8]
        do throws(Problem) {
            if readsNeedToken { try await authenticator.requireReader(request) }
            body = try RequestBody.decoded(request, limit: Self.ofrepMaxBody)
        } catch {
            return error.response
        }
        do throws(OFREPError) {
            let context = try OFREPContext.read(body: body)
            let (view, document, answer) = try await ofrepAnswer(for: context)
            guard let key else {
                // The tag names the document the flags were read from: equal looks, equal tags.
                let etag = "\"ofrep-\(document.etag.dropFirst().dropLast())\""
                countBuild(of: view, on: context.channel)
                if HTTPConditional.ifNoneMatch(request.headers, matchesAnyOf: [etag]) {
                    return HTTPResponse(status: .notModified, headers: [HTTPField("ETag", etag), HTTPField("Cache-Control", "no-cache")])
                }
                return HTTPResponse(
                    status: .ok,
                    headers: [HTTPField("Content-Type", "application/json"), HTTPField("ETag", etag), HTTPField("Cache-Control", "no-cache")],
                    body: answer.bulk)
            }
            guard let evaluation = answer.flags[key] else {
                throw OFREPError(code: .flagNotFound, details: "No token \"\(key)\" in \(document.versionLabel ?? "the look").", key: key)
            }
            countBuild(of: view, on: context.channel)
            return HTTPResponse(
                status: .ok, headers: [HTTPField("Content-Type", "application/json"), HTTPField("Cache-Control", "no-store")],
                bytes: evaluation)
        } catch {
            return (key.map { error.about($0) } ?? error).response
        }
    }

    /// A build that reads through OFREP is a build in the field like one sending `client=`
    /// (docs/apps.md, "Old builds in the field"): its successful evaluations (200, or a bulk 304)
    /// are counted on the channel it read, so `/v1/clients` lists it and the release gate holds
    /// the looks it can read. Refused evaluations count nothing, as for `client=`.
    private func countBuild(of view: DocumentView, on channel: String) {
        if let client = view.client { fleet.recorder.record(client, channel: channel) }
    }

    /// Resolves the context's view exactly as `GET /v1/channels/{c}/skin` with the equivalent
    /// query would: from the view cache when the look is current there (no store read, no
    /// resolution, as ``DocumentService/document(for:admission:)`` does for every read), else
    /// through the resolution path (in the heavy-work lane); the answer comes prepared
    /// (``OFREPAnswerCache``).
    private func ofrepAnswer(for context: OFREPContext) async throws(OFREPError) -> (DocumentView, CachedDocument, OFREPAnswerCache.Answer) {
        let view = context.view
        let document: CachedDocument
        do throws(Problem) {
            document = try await documents.document(for: view)
        } catch {
            throw OFREPError(error)
        }
        let answer = try ofrepAnswers.answer(etag: document.etag) { document.identityBytes.array }
        return (view, document, answer)
    }
}
