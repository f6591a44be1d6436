import HTTPEngine
import Logging
import SkinModel
import SkinStore

/// docs/api.md, "Change requests": a change proposed on a channel, approved by others, then
/// applied through the release gate like any change. The review rules are the store's
/// (``SkinStore/changeChannel(_:to:builds:kind:forced:holds:actor:expectedActivationCount:changeRequest:)``
/// refuses a direct change under a policy and a request without its approvals); these routes
/// open, show and act on requests, and carry out an approved one.
extension Routes {
    func registerReviewRoutes(_ router: inout RouteTable) {
        router.get("/v1/channels/{channel}/policy") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let name = try parameters.channel()
                try RequestBody.checkName(name, what: "Channel")
                let policy = try await storeCall { try await store.policy(of: name) }
                return JSONResponse.make(.ok, policy.json)
            }
        }
        router.put("/v1/channels/{channel}/policy") { request, parameters, context throws(Problem) in
            return authorized(.admin, request, context) { token async throws(Problem) in
                let name = try parameters.channel()
                try RequestBody.checkName(name, what: "Channel")
                let body = try ChannelPolicyBody(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
                let policy = try await storeCall {
                    try await store.setPolicy(of: name, approvals: body.approvals, selfApproval: body.selfApproval, actor: token.name)
                }
                logger.info("channel policy set", metadata: [
                    "channel": "\(name)", "approvals": "\(policy.approvals)", "selfApproval": "\(policy.selfApproval)", "token": "\(token.name)",
                ])
                return JSONResponse.make(.ok, policy.json)
            }
        }
        router.post("/v1/channels/{channel}/change-requests") { request, parameters, context throws(Problem) in
            return heavy(.designer, request, context) { token async throws(Problem) in
                let name = try parameters.channel()
                return try await openChangeRequest(on: name, request: request, token: token)
            }
        }
        router.get("/v1/channels/{channel}/change-requests") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let name = try parameters.channel()
                let states = try Self.requestStates(request.queryValue("state"))
                let (requests, policy) = try await storeCall {
                    (try await store.changeRequests(channel: name, states: states), try await store.policy(of: name))
                }
                return JSONResponse.make(.ok, .object(JSONObject([
                    ("channel", .string(name)), ("policy", policy.json),
                    ("changeRequests", .array(requests.map { .object($0.json(policy: policy)) })),
                ])))
            }
        }
        router.get("/v1/channels/{channel}/change-requests/{id}") { request, parameters, context throws(Problem) in
            return heavy(.designer, request, context) { token async throws(Problem) in
                let name = try parameters.channel(), id = try parameters.number("id", of: "Change requests")
                let found = try await changeRequest(id, on: name)
                return JSONResponse.make(.ok, .object(try await reviewJSON(found, token: token)))
            }
        }
        router.post("/v1/channels/{channel}/change-requests/{id}/preview-links") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { token async throws(Problem) in
                let name = try parameters.channel(), id = try parameters.number("id", of: "Change requests")
                let found = try await changeRequest(id, on: name)
                return try await previewLinkResponse(showing: previewSubject(of: found), request: request, token: token)
            }
        }
        for action in ["approve", "reject", "cancel", "apply"] {
            router.post("/v1/channels/{channel}/change-requests/{id}/\(action)") { request, parameters, context throws(Problem) in
                return heavy(.designer, request, context) { token async throws(Problem) in
                    let name = try parameters.channel(), id = try parameters.number("id", of: "Change requests")
                    return try await act(action, on: id, channel: name, request: request, token: token)
                }
            }
        }
    }

    // MARK: Opening

    /// `POST /v1/channels/{c}/change-requests`: checks what the request proposes exists (the
    /// draft, the channel to promote, the versions a change names), keeps it, and answers the
    /// request with what the release gate finds of it now (`201`).
    private func openChangeRequest(on channel: String, request: HTTPRequest, token: AuthenticatedToken) async throws(Problem) -> HTTPResponse {
        try RequestBody.checkName(channel, what: "Channel")
        let body = try ChangeRequestBody(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
        let store = self.store
        let source: ChangeRequest.Source, skin: String, at: String?
        switch body.proposal {
        case .change(let change, let json):
            if let at = change.at {
                guard let due = Timestamp.milliseconds(fromRFC3339: at), due > Timestamp.nowMilliseconds() else {
                    throw Problem.badRequest("at must be in the future; without at, the change is made when the request is applied.")
                }
            }
            try await checkTargetsExist(change.state, builds: change.builds)
            (source, skin, at) = (.change(json), change.state.skin, change.at)
        case .draft(let id):
            let draft = try await storeCall { try await store.draft(id) }
            (source, skin, at) = (.draft(id), draft.summary.skin, nil)
        case .promote(let from):
            // Exactly what the other channel serves now, each followed latest pinned to the version it serves.
            let other = try await storeCall { try await store.channel(from) }
            guard let served = other.history.last?.servedState else { throw Problem(storeFailure: StoreError.notFound(.channel(from))) }
            (source, skin, at) = (.promote(from: from, change: ChangeRequestBody.json(of: served)), served.skin, nil)
        }
        let opened = try await storeCall {
            try await store.openChangeRequest(channel: channel, author: token.name, message: body.message, source: source, skin: skin, at: at)
        }
        logger.info("change request opened", metadata: [
            "channel": "\(channel)", "changeRequest": "\(opened.id)", "source": "\(source.name)", "token": "\(token.name)",
        ])
        var answer = try await reviewJSON(opened, token: token)
        // The reviewer's phone opens the look through this link (docs/api.md, "Preview links").
        let preview = try await makePreviewLink(
            showing: previewSubject(of: opened), lifetime: Self.defaultPreviewLifetime, request: request, token: token)
        answer["preview"] = .object(preview.json)
        return JSONResponse.make(
            .created, .object(answer), headers: [HTTPField("Location", "/v1/channels/\(channel)/change-requests/\(opened.id)")])
    }

    /// Fails now, not when applied, for a skin or version that does not exist.
    private func checkTargetsExist(_ state: ChannelState, builds: [BuildTarget]?) async throws(Problem) {
        _ = try await documents.lineage(skin: state.skin, version: state.version)
        if let rollout = state.rollout { _ = try await documents.lineage(skin: rollout.skin, version: rollout.version) }
        if let builds { try await checkBuildTargets(builds) }
    }

    // MARK: Acting

    /// `approve`, `reject`, `cancel` (its author or an admin) and `apply`.
    private func act(
        _ action: String, on id: Int, channel: String, request: HTTPRequest, token: AuthenticatedToken
    ) async throws(Problem) -> HTTPResponse {
        let found = try await changeRequest(id, on: channel)
        let store = self.store
        let acted: ChangeRequest
        switch action {
        case "approve":
            var revision: Int?
            if case .draft(let draft) = found.source { revision = try await storeCall { try await store.draft(draft) }.summary.revision }
            let scheduled = try found.at == nil ? nil : Self.changeOf(found).map { (state: $0.state, forced: $0.force) }
            acted = try await storeCall {
                try await store.approveChangeRequest(id, channel: channel, actor: token.name, draftRevision: revision, scheduled: scheduled)
            }
        case "reject":
            acted = try await storeCall { try await store.closeChangeRequest(id, channel: channel, as: .reject, actor: token.name) }
        case "cancel":
            guard found.author == token.name || token.role >= .admin else {
                throw Problem.forbidden("Only its author (\(found.author)) or an admin may cancel change request \(id); others reject it.")
            }
            acted = try await storeCall { try await store.closeChangeRequest(id, channel: channel, as: .cancel, actor: token.name) }
        default:
            let force = try Self.forceOnly(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
            let channelAnswer = try await apply(found, force: force, token: token)
            let applied = try await storeCall { try await store.changeRequest(id) }
            let policy = try await storeCall { try await store.policy(of: channel) }
            var answer = applied.json(policy: policy)
            answer["result"] = channelAnswer.json
            documents.invalidate()
            logger.info("change request applied", metadata: ["channel": "\(channel)", "changeRequest": "\(id)", "token": "\(token.name)"])
            return JSONResponse.make(.ok, .object(answer), headers: [HTTPField("ETag", "\"a\(channelAnswer.activationCount)\"")])
        }
        logger.info("change request \(action)", metadata: ["channel": "\(channel)", "changeRequest": "\(id)", "token": "\(token.name)"])
        let policy = try await storeCall { try await store.policy(of: channel) }
        return JSONResponse.make(.ok, .object(acted.json(policy: policy)))
    }

    /// Carries out an approved request: its change (or its draft, published first, then
    /// activated) through the release gate, as the request's own change of the channel.
    private func apply(_ request: ChangeRequest, force: Bool, token: AuthenticatedToken) async throws(Problem) -> Channel {
        let store = self.store, channel = request.channel
        // Refused before anything is published: closed, not approved enough, or not due.
        try await storeCall { try await store.checkChangeRequestApplicable(request.id, channel: channel) }
        let current = try await currentChannel(channel)
        var state: ChannelState
        var forced = force
        switch request.source {
        case .change, .promote:
            guard let change = try Self.changeOf(request) else { throw Problem.internalError("Change request \(request.id) holds no change.") }
            state = change.builds == nil ? change.state.with(builds: current?.builds ?? []) : change.state
            forced = forced || change.force
        case .draft(let draft):
            var version = request.publishedVersion
            if version == nil {
                // Exactly the revision approved: a save since then would have reset the approvals.
                let approved = request.approvals.compactMap(\.draftRevision).max()
                let (stored, document) = try await parsedDraft(draft, revision: approved)
                version = try await publishVersion(
                    skin: stored.summary.skin, bytes: stored.document, document: document, expectedLatest: nil,
                    message: "change request \(request.id): \(request.message)", token: token
                ).version
                let published = version ?? 0
                try await storeCall { try await store.setChangeRequestPublishedVersion(request.id, version: published) }
            }
            state = ChannelState(skin: request.skin, version: version, builds: current?.builds ?? [])
        }
        let decision = try await gateChange(channel, to: state, force: forced, token: token)
        let target = state
        return try await storeCall {
            try await store.changeChannel(
                channel, to: target, builds: target.builds, forced: decision.forced, holds: decision.holds, actor: token.name,
                changeRequest: request.id)
        }
    }

    // MARK: Reading

    private func changeRequest(_ id: Int, on channel: String) async throws(Problem) -> ChangeRequest {
        let store = self.store
        let found = try await storeCall { try await store.changeRequest(id) }
        guard found.channel == channel else { throw Problem(storeFailure: StoreError.notFound(.changeRequest(id))) }
        return found
    }

    /// What a request's preview link shows: its draft, following saves; or the version its
    /// change makes live (the latest now, for a change that follows the latest).
    private func previewSubject(of request: ChangeRequest) async throws(Problem) -> PreviewSubject {
        if case .draft(let draft) = request.source { return .draft(draft) }
        guard let state = try Self.changeOf(request)?.state else { throw Problem.internalError("Change request \(request.id) holds no change.") }
        guard let number = try await documents.lineage(skin: state.skin, version: state.version).last?.number else {
            throw Problem.notFound("The skin \(state.skin) has no versions.")
        }
        return .version(skin: state.skin, number: number)
    }

    /// One request as its answers show it: with `findings` (what the release gate finds of it
    /// against what the channel serves now — the same check its apply runs) and `diff`.
    private func reviewJSON(_ request: ChangeRequest, token: AuthenticatedToken) async throws(Problem) -> JSONObject {
        let store = self.store, channel = request.channel
        let policy = try await storeCall { try await store.policy(of: channel) }
        var object = request.json(policy: policy)
        guard !request.state.isClosed else { return object }
        var contrast: [JSONValue] = [], compatibility: [JSONValue] = []
        switch request.source {
        case .change, .promote:
            if let change = try Self.changeOf(request) {
                let current = try await currentChannel(channel)
                let state = change.builds == nil ? change.state.with(builds: current?.builds ?? []) : change.state
                (contrast, compatibility) = try await gateFindings(channel, to: state, token: token)
                object["diff"] = try await servedDiff(from: current, to: state)
            }
        case .draft(let draft):
            let (stored, document) = try await parsedDraft(draft, revision: nil)
            let (problems, incompatible) = try await validate(document, bytes: stored.document, skin: stored.summary.skin)
            contrast = (problems.errors + problems.warnings).filter { $0.code == .contrast }.map(\.json)
            compatibility = GateLimits.listed(incompatible).listed.map(\.json)
            object["draftRevision"] = .int(stored.summary.revision)
        }
        object["findings"] = .object(JSONObject([("contrast", .array(contrast)), ("compatibility", .array(compatibility))]))
        return object
    }

    /// What the release gate would refuse of `state` on `channel` now, without changing
    /// anything: the very check a change runs (``gateChange(_:to:force:token:holding:)``), its
    /// `409` read as findings.
    private func gateFindings(_ channel: String, to state: ChannelState, token: AuthenticatedToken) async throws(Problem) -> ([JSONValue], [JSONValue]) {
        do throws(Problem) {
            _ = try await gateChange(channel, to: state, force: false, token: token)
            return ([], [])
        } catch where error.status == 409 && (error.slug == "contrast" || error.slug == "incompatible") {
            return (error.errors.map(\.json), error.findings)
        }
    }

    /// The token differences between what the channel's active target serves now and what
    /// `state` would, when both are versions of one skin; null otherwise.
    private func servedDiff(from current: Channel?, to state: ChannelState) async throws(Problem) -> JSONValue {
        guard let current, current.skin == state.skin else { return .null }
        let from = try await documents.lineage(skin: current.skin, version: current.version).last?.number
        let to = try await documents.lineage(skin: state.skin, version: state.version).last?.number
        guard let from, let to, from != to else { return .null }
        var json = try await skinDiff(skin: state.skin, from: from, to: to, only: nil).json
        if case .object(var object) = json {
            object["skin"] = .string(state.skin)
            object["from"] = .int(from)
            object["to"] = .int(to)
            json = .object(object)
        }
        return json
    }

    // MARK: Parsing

    /// The change a `change` or `promote` request keeps, parsed as its route would; nil for a draft.
    static func changeOf(_ request: ChangeRequest) throws(Problem) -> ChannelChangeRequest? {
        guard let json = request.source.changeJSON else { return nil }
        return try ChannelChangeRequest(body: Array(json.utf8), schedule: request.at != nil)
    }

    /// `?state=open,approved`: nil when absent. - Throws: `Problem` 400 for an unknown state.
    static func requestStates(_ value: String?) throws(Problem) -> [ChangeRequest.State]? {
        guard let value else { return nil }
        return try value.split(separator: ",").map { name throws(Problem) in
            guard let state = ChangeRequest.State(rawValue: String(name)) else {
                throw Problem.badRequest(
                    "state must be one or more of \(ChangeRequest.State.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(name)\".")
            }
            return state
        }
    }
}
