/// Review before a look goes live (docs/api.md, "Change requests"): channel policies and change
/// requests. The rules are in ``ChangeRequestQueries``; every channel change checks them.
extension SkinStore {
    /// Open or approved requests at once, all channels together: a bound on what designers can
    /// make the store keep (docs/operations.md, "Limits").
    package static let maxOpenChangeRequests = 1_000

    /// The channel's review policy (no policy: ``ChannelPolicy/none(_:)``).
    package func policy(of channel: String) async throws -> ChannelPolicy {
        try await read { try ChangeRequestQueries.policy($0, channel: channel) }
    }

    /// Sets the channel's review policy (admins; audited).
    package func setPolicy(of channel: String, approvals: Int, selfApproval: Bool, actor: String) async throws -> ChannelPolicy {
        try await write { database, now in
            try ChangeRequestQueries.setPolicy(database, channel: channel, approvals: approvals, selfApproval: selfApproval, actor: actor, now: now)
        }
    }

    /// Opens a change request on `channel` that changes `skin`.
    /// - Throws: ``StoreError/tooMany(_:limit:)``.
    package func openChangeRequest(
        channel: String, author: String, message: String, source: ChangeRequest.Source, skin: String, at: String?
    ) async throws -> ChangeRequest {
        try await write { database, now in
            try ChangeRequestQueries.open(
                database, channel: channel, author: author, message: message, source: source, skin: skin, at: at,
                maxOpen: Self.maxOpenChangeRequests, now: now)
        }
    }

    /// One request with its history. - Throws: ``StoreError/notFound(_:)``.
    package func changeRequest(_ id: Int) async throws -> ChangeRequest {
        try await read { try ChangeRequestQueries.get($0, id: id) }
    }

    /// A channel's requests (every channel's when nil), newest first.
    package func changeRequests(channel: String?, states: [ChangeRequest.State]? = nil, limit: Int = 100) async throws -> [ChangeRequest] {
        try await read { try ChangeRequestQueries.list($0, channel: channel, states: states, limit: limit) }
    }

    /// Approves a request (see ``ChangeRequestQueries/approve(_:id:channel:actor:draftRevision:scheduled:now:)``).
    package func approveChangeRequest(
        _ id: Int, channel: String, actor: String, draftRevision: Int?, scheduled: (state: ChannelState, forced: Bool)?
    ) async throws -> ChangeRequest {
        try await write { database, now in
            try ChangeRequestQueries.approve(
                database, id: id, channel: channel, actor: actor, draftRevision: draftRevision, scheduled: scheduled, now: now)
        }
    }

    /// Rejects (`.reject`) or cancels (`.cancel`) a request.
    package func closeChangeRequest(_ id: Int, channel: String, as kind: ChangeRequest.Action.Kind, actor: String) async throws -> ChangeRequest {
        try await write { database, now in
            try ChangeRequestQueries.close(database, id: id, channel: channel, as: kind, actor: actor, now: now)
        }
    }

    /// Checks, before anything is published for it, that request `id` could be applied now.
    package func checkChangeRequestApplicable(_ id: Int, channel: String) async throws {
        try await read { database in
            try ChangeRequestQueries.requireApplicable(database, id: id, channel: channel, at: Timestamp.now())
        }
    }

    /// Keeps the version a draft request's apply published.
    package func setChangeRequestPublishedVersion(_ id: Int, version: Int) async throws {
        try await write { database, now in try ChangeRequestQueries.setPublishedVersion(database, id: id, version: version, now: now) }
    }
}
