import HTTPEngine
import SkinModel
import SkinStore

/// docs/api.md, "Tokens Studio": a draft speaks Tokens Studio's *Generic Versioned Storage*
/// protocol at `/v1/drafts/{id}/tokens-studio?skin=NAME`, as the Figma plugin calls it
/// (`GenericVersionedStorage.ts` of tokens-studio/figma-plugin, read at commit 2eefd37):
///
/// - on connect it sends a placeholder, `{version, updatedAt, values: {options: {}}}` without
///   `$themes`, by `PUT` (Read/Write) or `POST` (Read/Write/Create), then replaces the
///   designer's local tokens with what `GET` answers. So a placeholder never makes or changes
///   a draft: `200 {"created": false, "updatedAt"}` on an existing one, `404` otherwise;
/// - a push is a `PUT` of `{version, updatedAt, values: {set: tokens…}, $themes}`: stored
///   verbatim as the draft's next revision (made for `skin=` when there is none), even when it
///   does not validate (the findings show in the console and the preview);
/// - `GET` answers the same shape, `values` in set order, `updatedAt` the last writer's.
///
/// The designer's token comes in the header configured in the plugin; the plugin's origin is
/// `null` and Figma accepts only `*`, so every answer (errors and preflights included) allows any origin.
extension Routes {
    func registerTokensStudioRoutes(_ router: inout RouteTable) {
        let path = "/v1/drafts/{id}/tokens-studio"
        router.get(path) { request, parameters, context throws(Problem) in
            Self.allowAnyOrigin(context)
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let id = try parameters.draft()
                let draft = try await storeCall { try await store.draft(id) }
                return HTTPResponse(
                    status: .ok,
                    headers: [HTTPField("Content-Type", "application/json"), HTTPField("Cache-Control", "no-store")],
                    bytes: TokensStudioSync.storageDocument(of: draft))
            }
        }
        for method in [HTTPMethod.put, .post] {
            router.add(method, path) { request, parameters, context throws(Problem) in
                Self.allowAnyOrigin(context)
                return authorized(.designer, request, context) { token async throws(Problem) in
                    let id = try parameters.draft()
                    return try await receiveFromTokensStudio(id: id, method: method, request: request, token: token)
                }
            }
        }
        router.add(.options, path) { _, _, _ in
            .respond(HTTPResponse(status: .noContent, headers: [
                HTTPField("Access-Control-Allow-Origin", "*"), HTTPField("Access-Control-Allow-Methods", "GET, PUT, POST"),
                HTTPField("Access-Control-Allow-Headers", "Authorization, Content-Type"), HTTPField("Access-Control-Max-Age", "600"),
            ]))
        }
    }

    private static func allowAnyOrigin(_ context: HTTPRequestContext) {
        context.addResponseFields(anyOrigin)
    }

    /// Prepared once: every answer of the sync carries it.
    private static let anyOrigin = HTTPPreparedFields([HTTPField("Access-Control-Allow-Origin", "*")])

    /// A placeholder (no `$themes`) or a push (a `PUT` with `$themes`).
    private func receiveFromTokensStudio(
        id: String, method: HTTPMethod, request: HTTPRequest, token: AuthenticatedToken
    ) async throws(Problem) -> HTTPResponse {
        try RequestBody.checkName(id, what: "Draft")
        let bytes = try RequestBody.decoded(request, limit: configuration.maxBodyBytes)
        guard case .object(let body)? = try? JSONParser.parse(bytes) else {
            throw Problem.badRequest("The body is not a JSON object, as Tokens Studio sends.", slug: "invalid-json")
        }
        let store = self.store
        guard method == .put, case .array? = body["$themes"] else {
            // The plugin's placeholder on connect: it never makes or empties a draft.
            let draft = try await storeCall { try await store.draft(id) }
            return JSONResponse.make(.ok, .object(JSONObject([
                ("created", .bool(false)), ("updatedAt", .string(TokensStudioSync.updatedAt(of: draft))),
            ])))
        }
        let skin = request.queryValue("skin")
        if let skin { try RequestBody.checkName(skin, what: "Skin") }
        let saved = try await storeDraft(id: id, skin: skin, bytes: bytes, token: token, via: "tokens-studio")
        let updatedAt = body["updatedAt"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? saved.draft.updatedAt
        return JSONResponse.make(.ok, .object(JSONObject([("updatedAt", .string(updatedAt))])))
    }
}

/// The draft as Tokens Studio's Generic Versioned Storage reads it (docs/api.md, "Tokens Studio").
enum TokensStudioSync {
    /// `{version, updatedAt, values: {set: tokens…}, $themes}`: a draft the plugin pushed is
    /// answered as it was sent, byte for byte; one saved otherwise is put in that shape — a
    /// Tokens Studio export's sets in `tokenSetOrder`, its themes; a skin document as one set
    /// named after its skin — with members in document order (the set order is the plugin's).
    static func storageDocument(of draft: StoredDraft) -> [UInt8] {
        guard case .object(let root)? = try? JSONParser.parse(draft.document) else { return draft.document }
        if TokenSet.isTokensStudioVersionedStorage(root), case .array? = root["$themes"] { return draft.document }
        var values = JSONObject()
        var themes: JSONValue = .array([])
        let setOrder = root["$metadata"]?["tokenSetOrder"]
        if root["$themes"] != nil || setOrder != nil {
            themes = root["$themes"] ?? .array([])
            var order: [String] = []
            if case .array(let names)? = setOrder {
                order = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
            }
            for name in order + root.keys where !name.hasPrefix("$") && values[name] == nil {
                if let set = root[name] { values[name] = set }
            }
        } else {
            var document = root
            document["$livery"] = nil
            values[draft.summary.skin] = .object(document)
        }
        return CanonicalJSON.encodeInDocumentOrder(.object(JSONObject([
            ("version", .string(String(draft.summary.revision))), ("updatedAt", .string(updatedAt(of: draft))),
            ("values", .object(values)), ("$themes", themes),
        ])))
    }

    /// The time of the last write: the plugin's own `updatedAt` when it pushed the draft, else the save's.
    static func updatedAt(of draft: StoredDraft) -> String {
        if case .object(let root)? = try? JSONParser.parse(draft.document), TokenSet.isTokensStudioVersionedStorage(root),
            case .string(let text)? = root["updatedAt"]
        {
            return text
        }
        return draft.summary.updatedAt
    }
}
