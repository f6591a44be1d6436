import HTTPEngine
import SkinModel
import SkinStore

/// docs/api.md, "Drafts": a designer's work in progress kept on the server, saved again and
/// again, read resolved like a version (long-polls woken by every save), and published as the
/// next version of its skin. Every route needs a designer token.
extension Routes {
    func registerDraftRoutes(_ router: inout RouteTable) {
        router.get("/v1/drafts") { request, _, context in
            authorized(.designer, request, context) { _ async throws(Problem) in
                let drafts = try await storeCall { try await store.drafts() }
                return JSONResponse.make(.ok, .object(["drafts": .array(drafts.map(\.json))]))
            }
        }
        router.put("/v1/drafts/{id}") { request, parameters, context throws(Problem) in
            return heavy(.designer, request, context) { token async throws(Problem) in
                let id = try parameters.draft()
                return try await saveDraft(id: id, request: request, token: token)
            }
        }
        router.get("/v1/drafts/{id}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let id = try parameters.draft()
                return try await readDraft(id: id, request: request)
            }
        }
        router.get("/v1/drafts/{id}/revisions") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let id = try parameters.draft()
                let revisions = try await storeCall { try await store.draftRevisions(id) }
                return JSONResponse.make(.ok, .object(["revisions": .array(revisions.map(\.json))]))
            }
        }
        router.delete("/v1/drafts/{id}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { token async throws(Problem) in
                let id = try parameters.draft()
                let expected = try Self.ifMatchNumber(request, prefix: "d")
                try await storeCall { try await store.deleteDraft(id, expectedRevision: expected, actor: token.name) }
                logger.info("draft deleted", metadata: ["draft": "\(id)", "token": "\(token.name)"])
                return HTTPResponse(status: .noContent)
            }
        }
        router.get("/v1/drafts/{id}/resolved") { request, parameters, context throws(Problem) in
            let authenticator = self.authenticator
            return try resolvedDocuments.handleDeferred(target: .draft(id: parameters.draft()), request: request, context: context) {
                () async throws(Problem) in
                _ = try await authenticator.require(.designer, for: request)
            }
        }
        router.post("/v1/drafts/{id}/publish") { request, parameters, context throws(Problem) in
            return heavy(.designer, request, context) { token async throws(Problem) in
                let id = try parameters.draft()
                return try await publishDraft(id: id, request: request, token: token)
            }
        }
    }

    /// `GET /v1/drafts/{id}`: the latest revision exactly as saved, or with `revision=N` that
    /// kept revision (`404` `revision-not-found` once pruned), tagged `"dN"` either way.
    private func readDraft(id: String, request: HTTPRequest) async throws(Problem) -> HTTPResponse {
        let store = self.store
        let (skin, tag, document): (String, String, [UInt8])
        if let number = try Self.wholeNumber(request, "revision") {
            let kept = try await storeCall { try await store.draftRevision(id, number: number) }
            (skin, tag, document) = (kept.skin, kept.revision.entityTag, kept.document)
        } else {
            let draft = try await storeCall { try await store.draft(id) }
            (skin, tag, document) = (draft.summary.skin, draft.summary.entityTag, draft.document)
        }
        var headers = [HTTPField("ETag", tag), HTTPField("Cache-Control", "private, no-cache"), HTTPField("Livery-Skin", skin)]
        if HTTPConditional.ifNoneMatch(request.headers, matchesAnyOf: [tag]) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.append(HTTPField("Content-Type", "application/json"))
        return HTTPResponse(status: .ok, headers: headers, bytes: document)
    }

    /// `PUT /v1/drafts/{id}?skin=NAME`: stores the body (or with `from=N` and no body, version N
    /// of that skin: a draft seeded from what is published) as the draft's next revision (the
    /// first save names the skin), then reports what a publish of it would find — errors included:
    /// a draft is work in progress, kept even while it does not validate. A body that is not
    /// JSON is no draft (400, nothing stored).
    private func saveDraft(id: String, request: HTTPRequest, token: AuthenticatedToken) async throws(Problem) -> HTTPResponse {
        try RequestBody.checkName(id, what: "Draft")
        let skin = request.queryValue("skin")
        if let skin { try RequestBody.checkName(skin, what: "Skin") }
        var bytes = try RequestBody.decoded(request, limit: configuration.maxBodyBytes)
        if let from = try Self.wholeNumber(request, "from") {
            // Seeded from a published version: its document, byte for byte.
            guard let skin, from >= 1, bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
                throw Problem.badRequest("from=N copies version N of the skin that skin= names, with an empty body.")
            }
            let store = self.store
            bytes = try await storeCall { try await store.version(from, of: skin) }.document
        }
        var document: SkinDocument?
        var problems = SkinProblems()
        do {
            document = try SkinDocument.parse(bytes)
        } catch {
            if let notJSON = Self.notJSON(error) { throw notJSON }
            problems = error
        }
        let expected = try Self.ifMatchNumber(request, prefix: "d")
        let saved = try await storeDraft(id: id, skin: skin, bytes: bytes, expectedRevision: expected, token: token, via: "api")
        var incompatible: [CompatibilityFinding] = []
        if let document { (problems, incompatible) = try await validate(document, bytes: bytes, skin: saved.draft.skin) }
        let (listed, more) = GateLimits.listed(incompatible)
        var answer = JSONObject([
            ("draft", saved.draft.json), ("valid", .bool(problems.errors.isEmpty)),
            ("errors", .array(problems.errors.map(\.json))),
            ("warnings", .array(problems.warnings.map(\.json) + listed.map(\.json))),
        ])
        if more > 0 { answer["more"] = .int(more) }
        return JSONResponse.make(
            saved.created ? .created : .ok, .object(answer),
            headers: [HTTPField("ETag", saved.draft.entityTag), HTTPField("Location", "/v1/drafts/\(id)")])
    }

    /// Stores `bytes` as draft `id`'s next revision: the one way a draft is saved, by the API and
    /// by Tokens Studio alike. A new draft without `skin` is `422` (`draft-needs-skin`); the
    /// process's views are dropped at once, so the saver's next read sees the save.
    func storeDraft(
        id: String, skin: String?, bytes: [UInt8], expectedRevision: Int? = nil, token: AuthenticatedToken, via: String
    ) async throws(Problem) -> (draft: DraftSummary, created: Bool) {
        let store = self.store, maxDrafts = configuration.maxDrafts
        let saved: (draft: DraftSummary, created: Bool)
        do {
            saved = try await store.saveDraft(
                id: id, skin: skin, document: bytes, expectedRevision: expectedRevision, maxDrafts: maxDrafts, actor: token.name)
        } catch StoreError.notFound(.draft) {
            throw Problem(
                status: 422, slug: "draft-needs-skin", title: "Draft needs a skin",
                detail: "Draft \(id) does not exist yet: its first save names the skin it is for (?skin=NAME).")
        } catch {
            throw Problem(storeFailure: error)
        }
        documents.invalidate()
        logger.info("draft saved", metadata: [
            "draft": "\(id)", "skin": "\(saved.draft.skin)", "draft.revision": "\(saved.draft.revision)", "token": "\(token.name)",
            "via": "\(via)",
        ])
        return saved
    }

    /// `POST /v1/drafts/{id}/publish`: publishes the draft's latest revision (only revision N
    /// with `If-Match: "dN"`) as the next version of its skin, as `POST …/versions` would; the
    /// draft stays, for the next round of changes.
    private func publishDraft(id: String, request: HTTPRequest, token: AuthenticatedToken) async throws(Problem) -> HTTPResponse {
        let (draft, document) = try await parsedDraft(id, revision: try Self.ifMatchNumber(request, prefix: "d"))
        return try await publish(
            skin: draft.summary.skin, bytes: draft.document, document: document, expectedLatest: nil,
            message: request.queryValue("message"), token: token,
            extra: JSONObject([("draft", .object(JSONObject([("id", .string(id)), ("revision", .int(draft.summary.revision))])))]))
    }

    /// Draft `id`'s latest revision, parsed for a publish; `412` when it is not `revision` (if given).
    func parsedDraft(_ id: String, revision expected: Int?) async throws(Problem) -> (StoredDraft, SkinDocument) {
        let store = self.store
        let draft = try await storeCall { try await store.draft(id) }
        if let expected, expected != draft.summary.revision {
            throw Problem.preconditionFailed("Draft \(id) is at revision \(draft.summary.revision), not \(expected).")
        }
        do {
            return (draft, try SkinDocument.parse(draft.document))
        } catch {
            throw Problem.invalidDocument(error)
        }
    }
}
