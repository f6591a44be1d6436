import HTTPEngine
import SkinModel
import SkinStore

/// docs/api.md, "Publishing and activating": what designers and their tools do, behind a designer (or admin) token.
extension Routes {
    func registerDesignerRoutes(_ router: inout RouteTable) {
        router.get("/v1/skins") { request, _, context in
            authorized(.designer, request, context) { _ async throws(Problem) in
                let skins = try await storeCall { try await store.listSkins() }
                return JSONResponse.make(.ok, .object(["skins": .array(skins.map(\.json))]))
            }
        }
        router.get("/v1/skins/{skin}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let skin = try parameters.skin()
                let detail = try await storeCall { try await store.skinHistory(skin) }
                let latest = try await storeCall { try await store.version(detail.latestVersion, of: skin) }
                let document = try documents.lineageEntries([latest])[0].document
                return JSONResponse.make(.ok, detail.json(axes: document.variantAxes), headers: [HTTPField("ETag", "\"v\(detail.latestVersion)\"")])
            }
        }
        router.post("/v1/skins/{skin}/versions") { request, parameters, context throws(Problem) in
            return heavy(.designer, request, context) { token async throws(Problem) in
                let skin = try parameters.skin()
                return try await publish(skin: skin, request: request, token: token)
            }
        }
        router.post("/v1/skins/{skin}/validate") { request, parameters, context throws(Problem) in
            return heavy(.designer, request, context) { _ async throws(Problem) in
                let skin = try parameters.skin()
                try RequestBody.checkName(skin, what: "Skin")
                let bytes = try RequestBody.decoded(request, limit: configuration.maxBodyBytes)
                let (problems, incompatible) = try await validate(bytes, skin: skin)
                if let notJSON = Self.notJSON(problems) { throw notJSON }
                // Incompatible findings, one per build and entry, are listed up to a bound (docs/operations.md, "Limits").
                let (listed, more) = GateLimits.listed(incompatible)
                var answer = JSONObject([
                    ("valid", .bool(problems.errors.isEmpty)),
                    ("errors", .array(problems.errors.map(\.json))),
                    ("warnings", .array(problems.warnings.map(\.json) + listed.map(\.json))),
                ])
                if more > 0 { answer["more"] = .int(more) }
                return JSONResponse.make(.ok, .object(answer))
            }
        }
        router.get("/v1/skins/{skin}/versions/{n}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let skin = try parameters.skin()
                let number = try parameters.number("n", of: "Versions")
                let version = try await storeCall { try await store.version(number, of: skin) }
                return HTTPResponse(
                    status: .ok,
                    headers: [
                        HTTPField("Content-Type", "application/json"), HTTPField("ETag", "\"\(version.sha256)\""),
                        HTTPField("Cache-Control", "private, max-age=31536000, immutable"),
                    ],
                    bytes: version.document)
            }
        }
        router.get("/v1/skins/{skin}/diff") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let skin = try parameters.skin()
                return try await diff(skin: skin, request: request)
            }
        }
        router.delete("/v1/skins/{skin}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { token async throws(Problem) in
                let skin = try parameters.skin()
                try await storeCall { try await store.deleteSkin(skin, actor: token.name) }
                logger.info("skin deleted", metadata: ["skin": "\(skin)", "token": "\(token.name)"])
                return HTTPResponse(status: .noContent)
            }
        }
        router.get("/v1/channels") { request, _, context in
            authorized(.designer, request, context) { _ async throws(Problem) in
                let channels = try await storeCall { try await store.channels(includeHistory: true) }
                return JSONResponse.make(.ok, .object(["channels": .array(channels.map(\.json))]))
            }
        }
        router.get("/v1/channels/{channel}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let name = try parameters.channel()
                // The latest 50 history entries, or the 50 before entry `historyBefore` (docs/api.md).
                let before = try Self.wholeNumber(request, "historyBefore")
                let channel = try await storeCall { try await store.channel(name, includeHistory: true, historyBefore: before) }
                return JSONResponse.make(.ok, channel.json, headers: [HTTPField("ETag", "\"a\(channel.activationCount)\"")])
            }
        }
        router.get("/v1/channels/{channel}/history/{n}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let name = try parameters.channel()
                let number = try parameters.number("n", of: "History entries")
                let entry = try await storeCall { try await store.historyEntry(name, number: number) }
                return JSONResponse.make(.ok, entry.json(buildsShown: nil))
            }
        }
        router.post("/v1/assets") { request, _, context in
            authorized(.designer, request, context) { token async throws(Problem) in
                try await upload(request: request, token: token)
            }
        }
        router.get("/v1/audit") { request, _, context in
            authorized(.admin, request, context) { _ async throws(Problem) in
                let after = try Self.wholeNumber(request, "after") ?? 0
                let entries = try await storeCall { try await store.auditLog(after: after, limit: 500) }
                return JSONResponse.make(.ok, .object([
                    "entries": .array(entries.map(\.json)), "next": .int(entries.last?.seq ?? after),
                ]))
            }
        }
    }

    /// `POST /v1/skins/{skin}/versions`: validate against the current ancestors, then store
    /// atomically (the store re-checks the lineage inside its write transaction).
    private func publish(skin: String, request: HTTPRequest, token: AuthenticatedToken) async throws(Problem) -> HTTPResponse {
        let (bytes, document) = try submittedDocument(skin: skin, request: request)
        // Preconditions are evaluated on a well-formed request (RFC 9110 §13.2.1).
        let expected = try Self.ifMatchNumber(request, prefix: "v")
        return try await publish(
            skin: skin, bytes: bytes, document: document, expectedLatest: expected, message: request.queryValue("message"), token: token)
    }

    /// Publishes `document` (its `bytes` as sent) as the next version of `skin`: the one way a
    /// version is made, from a publish's body or a draft (`POST /v1/drafts/{id}/publish`).
    /// `expectedLatest`: the latest version the publisher saw (`If-Match: "vN"`), 412 otherwise.
    func publish(
        skin: String, bytes: [UInt8], document: SkinDocument, expectedLatest expected: Int?, message: String?,
        token: AuthenticatedToken, extra: JSONObject = JSONObject()
    ) async throws(Problem) -> HTTPResponse {
        let (version, answer) = try await publishVersion(
            skin: skin, bytes: bytes, document: document, expectedLatest: expected, message: message, token: token, extra: extra)
        return JSONResponse.make(
            .created,
            .object(answer),
            headers: [HTTPField("Location", "/v1/skins/\(skin)/versions/\(version)"), HTTPField("ETag", "\"v\(version)\"")])
    }

    /// ``publish(skin:bytes:document:expectedLatest:message:token:extra:)`` without the HTTP
    /// answer: the number of the version made and the answer's members (a change request's
    /// apply publishes its draft this way, then activates the version).
    func publishVersion(
        skin: String, bytes: [UInt8], document: SkinDocument, expectedLatest expected: Int?, message: String?,
        token: AuthenticatedToken, extra: JSONObject = JSONObject()
    ) async throws(Problem) -> (version: Int, answer: JSONObject) {
        let checked = try await check(document, bytes: bytes, skin: skin)
        let problems = checked.problems
        guard problems.errors.isEmpty else { throw Problem.invalidDocument(problems) }
        let incompatible = try await incompatibleWarnings(checked, document: document, skin: skin)
        let store = self.store
        let published = try await storeCall {
            try await store.publishReaching(
                skin: skin, document: bytes, parent: document.extends?.description, author: token.name,
                message: message, expectedLatest: expected)
        }
        let version = published.number
        documents.rememberParsed(document, skin: skin, version: version, sourceBytes: bytes.count)
        // What the new version reaches was held on what it served in the publish's transaction;
        // the release gate now releases what passes and keeps held what fails (docs/apps.md).
        let ownLook = PinnedLook(checked.ancestors.map { PinnedLook.Entry(skin: $0.skin, version: $0.version) } + [.init(skin: skin, version: version)])
        // The gate's cache keeps the new look as validated, so its activation need not resolve it again.
        gateCache.remember(ownLook, selections: checked.resolved)
        let holds = try await settlePublish(skin: skin, number: version, reached: published.reached)
        // As a channel change does: the publisher's next read on this process must see the new
        // version, not a lookup cached before it (the change monitor clears them a moment later).
        documents.invalidate()
        metrics.recordPublish()
        logger.info("published", metadata: [
            "skin": "\(skin)", "skin.version": "\(version)", "token": "\(token.name)",
            "warnings": "\(problems.warnings.count)", "holds": "\(holds.filter(\.held).count)",
        ])
        let (listed, more) = GateLimits.listed(incompatible)
        var answer = JSONObject([
            ("skin", .string(skin)), ("version", .int(version)), ("warnings", .array(problems.warnings.map(\.json) + listed.map(\.json))),
            ("held", .array(holds.filter(\.held).map(\.json))),
        ])
        if more > 0 { answer["more"] = .int(more) }
        for (key, value) in extra.members { answer[key] = value }
        if let impact = await publishImpact(skin: skin, version: version, resolved: checked.resolved) {
            answer["impact"] = .string(impact.impact.rawValue)
            answer["breaking"] = .array(try await breakingJSON(impact.breaking, skin: skin))
        }
        return (version, answer)
    }

    /// Every error and warning of a document not yet parsed, for `validate`: the same checks as
    /// a publish of it to `skin` (so a lineage cycle through `skin` is found too). A failure of
    /// the server itself (the store) is a problem, not a finding about the document.
    /// Live builds' `incompatible` findings come apart from the problems: they name a `build`.
    private func validate(_ bytes: [UInt8], skin: String) async throws(Problem) -> (SkinProblems, [CompatibilityFinding]) {
        let document: SkinDocument
        do {
            document = try SkinDocument.parse(bytes)
        } catch {
            return (error, [])
        }
        return try await validate(document, bytes: bytes, skin: skin)
    }

    /// Validates a parsed document as a publish of it to `skin` would (see `check`), and checks
    /// its look against every live build's contract (docs/apps.md).
    func validate(_ document: SkinDocument, bytes: [UInt8], skin: String?) async throws(Problem) -> (SkinProblems, [CompatibilityFinding]) {
        let checked = try await check(document, bytes: bytes, skin: skin)
        return (checked.problems, try await incompatibleWarnings(checked, document: document, skin: skin))
    }

    /// A body that is not JSON at all is a malformed request (400), not an invalid document:
    /// there is no document to report on. Its parse error still comes in `errors`.
    static func notJSON(_ problems: SkinProblems) -> Problem? {
        guard let syntax = problems.errors.first(where: { $0.code == .invalidJSON }) else { return nil }
        var problem = Problem.badRequest("The body is not JSON: \(syntax.message)", slug: "invalid-json")
        problem.errors = [syntax]
        return problem
    }

    /// An optional whole-number query parameter; 400 when present but malformed.
    static func wholeNumber(_ request: HTTPRequest, _ name: String) throws(Problem) -> Int? {
        guard let text = request.queryValue(name) else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw Problem.badRequest("\(name) must be a whole number, not \"\(text)\".")
        }
        return value
    }

    /// `If-Match: "v7"` (skins) or `"a3"` (channels) → 7 / 3; nil without the header, 412 for
    /// any other tag (it cannot match, RFC 9110 §13.1.1), `*` → nil (exists is checked anyway).
    static func ifMatchNumber(_ request: HTTPRequest, prefix: Character) throws(Problem) -> Int? {
        guard let header = request.headers["if-match"] else { return nil }
        let value = Substring(header).trimmingCharacters(in: " \t")
        if value == "*" { return nil }
        var tag = Substring(value)
        if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
        guard tag.count >= 3, tag.first == "\"", tag.last == "\"", tag.dropFirst().first == prefix,
            let number = Int(tag.dropFirst(2).dropLast()), number >= 0
        else {
            throw Problem.preconditionFailed("If-Match \(value) does not name a revision of this resource (\"\(prefix)N\").")
        }
        return number
    }
}
