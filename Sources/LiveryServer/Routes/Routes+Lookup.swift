import HTTPEngine
import SkinModel

/// docs/api.md, "Reading skins" computed reads: the style or image an element gets (of the latest version, or
/// of `version=n`), and interpolated documents.
extension Routes {
    func registerLookupRoutes(_ router: inout RouteTable) {
        addRead("/v1/skins/{skin}/styles/resolve", to: &router) { request, parameters, context throws(Problem) in
            let skin = try parameters.skin()
            return clientRead(request, context) { () async throws(Problem) in
                let id = try Self.elementID(request)
                let query = try DocumentQuery(request)
                let resolved = try await documents.resolvedSkin(Self.lookupTarget(skin, request), variants: query.variants)
                guard let match = resolved.styling.match(id: id, variants: resolved.styleVariantNames) else {
                    throw Problem.notFound("No rule of \(skin) matches \(id).")
                }
                var object = JSONObject([
                    ("id", .string(id)), ("selector", .string(match.selector.description)),
                    ("properties", .object(JSONObject(match.properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value.flatJSON) }))),
                ])
                if query.explain {
                    object["candidates"] = .array(match.candidates.map { candidate in
                        .object([
                            "selector": .string(candidate.selector.description), "rank": .number(candidate.rank.specificity),
                            "exact": .bool(candidate.rank.isExact), "themed": .bool(candidate.rank.isThemed),
                        ])
                    })
                }
                return JSONResponse.make(.ok, .object(object))
            }
        }
        addRead("/v1/skins/{skin}/images/resolve", to: &router) { request, parameters, context throws(Problem) in
            let skin = try parameters.skin()
            return clientRead(request, context) { () async throws(Problem) in
                let id = try Self.elementID(request)
                let query = try DocumentQuery(request)
                let resolved = try await documents.resolvedSkin(Self.lookupTarget(skin, request), variants: query.variants)
                guard let image = resolved.styling.image(for: id, variants: resolved.styleVariantNames) else {
                    throw Problem.notFound("No image of \(skin) fits \(id).")
                }
                return HTTPResponse(
                    status: .found,
                    headers: [HTTPField("Location", image.asset.url), HTTPField("Cache-Control", "no-cache"),
                              HTTPField("Livery-Image", image.name)])
            }
        }
        addRead("/v1/skins/{skin}/interpolate", to: &router) { request, parameters, context throws(Problem) in
            let skin = try parameters.skin()
            return clientRead(request, context) { () async throws(Problem) in
                try await interpolate(skin: skin, request: request)
            }
        }
    }

    /// Runs a computed client read off the loop, behind a reader token when reads are private.
    func clientRead(
        _ request: HTTPRequest, _ context: HTTPRequestContext,
        _ body: @escaping @Sendable () async throws(Problem) -> HTTPResponse
    ) -> HTTPHandlerResult {
        let (authenticator, needsToken) = (self.authenticator, readsNeedToken)
        return DeferredWork.respond(context) { () async throws(Problem) -> HTTPResponse in
            if needsToken { try await authenticator.requireReader(request) }
            return try await body()
        }
    }

    /// `GET /v1/skins/{skin}/interpolate?from=&to=dark&t=0.5`: the skin's latest version resolved
    /// with two variant lists, blended at `t` (docs/skins.md, "Interpolation").
    private func interpolate(skin: String, request: HTTPRequest) async throws(Problem) -> HTTPResponse {
        _ = try DocumentQuery.client(request)  // accepted and checked like on the other lookups
        let from = Self.variantList(request.queryValue("from"))
        let to = Self.variantList(request.queryValue("to"))
        guard let text = request.queryValue("t"), let t = Double(text), t.isFinite, (0...1).contains(t) else {
            throw Problem.badRequest("t must be a number from 0 to 1.")
        }
        let start = try await documents.resolvedSkin(.latest(skin: skin), variants: from)
        let end = try await documents.resolvedSkin(.latest(skin: skin), variants: to)
        let tokens = Interpolation.interpolate(
            from: start.tokens.mapValues(\.value), to: end.tokens.mapValues(\.value), t: t)
        let tokenJSON = JSONObject(tokens.sorted { $0.key < $1.key }.map { path, value in
            (path, .object(["type": .string(value.type.rawValue), "value": value.flatJSON]))
        })
        return JSONResponse.make(.ok, .object([
            "skin": .string(skin), "version": .int(end.version), "from": .array(from.map(JSONValue.string)),
            "to": .array(to.map(JSONValue.string)), "t": .number(t), "tokens": .object(tokenJSON),
        ]))
    }

    /// `id=a/b/c`: an element identifier, required.
    static func elementID(_ request: HTTPRequest) throws(Problem) -> String {
        guard let id = request.queryValue("id"), !id.isEmpty else {
            throw Problem.badRequest("id is required: the element identifier, like section/element/atom.")
        }
        return id
    }

    /// The skin's latest version, or the one `version=n` names (the console draws a chosen
    /// version's components through the same lookup an app makes).
    static func lookupTarget(_ skin: String, _ request: HTTPRequest) throws(Problem) -> DocumentView.Target {
        guard let number = try wholeNumber(request, "version") else { return .latest(skin: skin) }
        guard number >= 1 else { throw Problem.badRequest("version must be a version number (from 1).") }
        return .version(skin: skin, number: number)
    }

    static func variantList(_ text: String?) -> [String] {
        ResolutionRequest.canonicalVariants((text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty })
    }
}
