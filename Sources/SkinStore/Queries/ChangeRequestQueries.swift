/// Channel policies and change requests (docs/api.md, "Change requests"). Every function runs
/// inside a transaction opened by ``SkinStore``; each step of a request is a history row, an
/// audit row and a `review` event, written together.
///
/// The review rules live here and nowhere else: ``requireDirectChangeAllowed(_:channel:)`` and
/// ``requireApplicable(_:id:channel:at:)`` are called by the one function that changes a channel
/// (``ChannelChangeQueries/apply(_:channel:_:actor:expectedActivationCount:at:)``) and by the one
/// that stores a schedule, so no route can go around them.
enum ChangeRequestQueries {
    private static let columns = """
        id, channel, state, author, message, source, change, draft_id, promoted_from, at, created_at, updated_at, published_version, skin
        """

    // MARK: Policy

    /// The channel's policy (``ChannelPolicy/none(_:)`` when none was set).
    static func policy(_ database: any SQLDatabase, channel: String) throws -> ChannelPolicy {
        try database.queryFirst(
            "SELECT approvals, self_approval, updated_at, updated_by FROM channel_policies WHERE channel = ?", [.text(channel)]
        ) {
            ChannelPolicy(channel: channel, approvals: $0.int(0), selfApproval: $0.int(1) != 0, updatedAt: $0.string(2), updatedBy: $0.string(3))
        } ?? .none(channel)
    }

    /// Sets the channel's policy; audited (`channel.policy`).
    static func setPolicy(
        _ database: any SQLDatabase, channel: String, approvals: Int, selfApproval: Bool, actor: String, now: String
    ) throws -> ChannelPolicy {
        try database.run(
            """
            INSERT INTO channel_policies (channel, approvals, self_approval, updated_at, updated_by) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (channel) DO UPDATE SET approvals = excluded.approvals, self_approval = excluded.self_approval,
                updated_at = excluded.updated_at, updated_by = excluded.updated_by
            """,
            [.text(channel), SQLValue(approvals), SQLValue(selfApproval), .text(now), .text(actor)])
        try AuditQueries.record(
            database, at: now, actor: actor, action: "channel.policy", target: "channel/\(channel)",
            detail: JSONText.object(["approvals": .int(approvals), "selfApproval": .bool(selfApproval)]))
        return try policy(database, channel: channel)
    }

    /// Refuses a direct change of a channel whose policy requires review.
    /// - Throws: ``StoreError/approvalRequired(channel:request:approvals:required:)``.
    static func requireDirectChangeAllowed(_ database: any SQLDatabase, channel: String) throws {
        let policy = try policy(database, channel: channel)
        guard !policy.requiresReview else {
            throw StoreError.approvalRequired(channel: channel, request: nil, approvals: 0, required: policy.requiredApprovals)
        }
    }

    /// Checks that request `id` may change `channel` now: open or approved (not closed), for
    /// this channel, approved enough under the channel's policy as it is now, and due.
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/changeRequestClosed(id:state:)``,
    ///   ``StoreError/approvalRequired(channel:request:approvals:required:)``, ``StoreError/changeRequestNotDue(id:at:)``.
    static func requireApplicable(_ database: any SQLDatabase, id: Int, channel: String, at now: String) throws {
        let request = try get(database, id: id)
        guard request.channel == channel else { throw StoreError.notFound(.changeRequest(id)) }
        guard !request.state.isClosed else { throw StoreError.changeRequestClosed(id: id, state: request.state.rawValue) }
        let policy = try policy(database, channel: channel)
        guard request.isApproved(under: policy) else {
            throw StoreError.approvalRequired(
                channel: channel, request: id, approvals: countingApprovals(request, policy), required: policy.requiredApprovals)
        }
        if let at = request.at, at > now { throw StoreError.changeRequestNotDue(id: id, at: at) }
    }

    // MARK: Requests

    /// Opens a request by `author`; audited and evented (`open`).
    /// - Throws: ``StoreError/tooMany(_:limit:)`` past `maxOpen` open or approved requests.
    static func open(
        _ database: any SQLDatabase, channel: String, author: String, message: String, source: ChangeRequest.Source, skin: String,
        at: String?, maxOpen: Int, now: String
    ) throws -> ChangeRequest {
        let open = try database.scalarInt("SELECT count(*) FROM change_requests WHERE state IN ('open', 'approved')") ?? 0
        guard open < maxOpen else { throw StoreError.tooMany(.changeRequests, limit: maxOpen) }
        let (draft, promotedFrom): (String?, String?) = switch source {
        case .change: (nil, nil)
        case .promote(let from, _): (nil, from)
        case .draft(let id): (id, nil)
        }
        let id = try database.queryFirst(
            """
            INSERT INTO change_requests (channel, author, message, skin, source, change, draft_id, promoted_from, at, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [
                .text(channel), .text(author), .text(message), .text(skin), .text(source.name), SQLValue(source.changeJSON), SQLValue(draft),
                SQLValue(promotedFrom), SQLValue(at), .text(now), .text(now),
            ]
        ) { $0.int(0) } ?? 0
        try record(database, id: id, .open, actor: author, skin: skin, channel: channel, now: now)
        return try get(database, id: id)
    }

    /// One request with its history. - Throws: ``StoreError/notFound(_:)``.
    static func get(_ database: any SQLDatabase, id: Int) throws -> ChangeRequest {
        guard let request = try database.queryFirst("SELECT \(columns) FROM change_requests WHERE id = ?", [SQLValue(id)], row: { row in
            read(row, history: [])
        }) else {
            throw StoreError.notFound(.changeRequest(id))
        }
        return request.with(history: try history(database, ids: [id])[id] ?? [])
    }

    /// A channel's requests (every channel's when nil), newest first, at most `limit`; only
    /// those in `states` when given.
    static func list(
        _ database: any SQLDatabase, channel: String?, states: [ChangeRequest.State]?, limit: Int
    ) throws -> [ChangeRequest] {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let channel {
            conditions.append("channel = ?")
            values.append(.text(channel))
        }
        if let states {
            conditions.append("state IN (" + states.map { _ in "?" }.joined(separator: ", ") + ")")
            values += states.map { .text($0.rawValue) }
        }
        let requests = try database.query(
            "SELECT \(columns) FROM change_requests" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
                + " ORDER BY id DESC LIMIT ?",
            values + [SQLValue(limit)]) { read($0, history: []) }
        let histories = try history(database, ids: requests.map(\.id))
        return requests.map { $0.with(history: histories[$0.id] ?? []) }
    }

    /// `actor` approves request `id` (of the draft's `draftRevision` for a draft request): once
    /// per person until a reset; the request becomes `approved` once enough approvals count, and
    /// one with an `at` is then scheduled to `scheduled` (a schedule carries it out then, gated when due).
    /// - Throws: ``StoreError/changeRequestClosed(id:state:)``, ``StoreError/selfApproval(id:)``.
    static func approve(
        _ database: any SQLDatabase, id: Int, channel: String, actor: String, draftRevision: Int?,
        scheduled: (state: ChannelState, forced: Bool)?, now: String
    ) throws -> ChangeRequest {
        let request = try openRequest(database, id: id, channel: channel)
        let policy = try policy(database, channel: channel)
        if request.author == actor, !policy.selfApproval { throw StoreError.selfApproval(id: id) }
        guard !request.approvals.contains(where: { $0.actor == actor }) else { return request }
        try record(database, id: id, .approve, actor: actor, skin: request.skin, channel: channel, draftRevision: draftRevision, now: now)
        let approved = try get(database, id: id)
        guard approved.state == .open, approved.isApproved(under: policy) else { return approved }
        try setState(database, id: id, .approved, now: now)
        if let at = request.at, let scheduled {
            let schedule = try ScheduleQueries.create(
                database, channel: channel, at: at, target: scheduled.state, forced: scheduled.forced, changeRequest: id, actor: actor, now: now)
            try record(database, id: id, .schedule, actor: actor, skin: request.skin, channel: channel, note: "schedule \(schedule.id)", now: now)
        }
        return try get(database, id: id)
    }

    /// Rejects or cancels request `id`: closed, its pending schedule (if any) cancelled.
    /// - Throws: ``StoreError/changeRequestClosed(id:state:)``.
    static func close(
        _ database: any SQLDatabase, id: Int, channel: String, as kind: ChangeRequest.Action.Kind, actor: String, now: String
    ) throws -> ChangeRequest {
        precondition(kind == .reject || kind == .cancel)
        let request = try openRequest(database, id: id, channel: channel)
        try setState(database, id: id, kind == .reject ? .rejected : .cancelled, now: now)
        try cancelSchedules(database, request: id, now: now)
        try record(database, id: id, kind, actor: actor, skin: request.skin, channel: channel, now: now)
        return try get(database, id: id)
    }

    /// Marks request `id` applied (inside the channel change that carried it out).
    static func markApplied(_ database: any SQLDatabase, id: Int, actor: String, now: String) throws {
        let request = try get(database, id: id)
        try setState(database, id: id, .applied, now: now)
        try record(database, id: id, .apply, actor: actor, skin: request.skin, channel: request.channel, now: now)
    }

    /// Keeps the version a draft request's apply published, so that a retry does not publish again.
    static func setPublishedVersion(_ database: any SQLDatabase, id: Int, version: Int, now: String) throws {
        try database.run(
            "UPDATE change_requests SET published_version = ?, updated_at = ? WHERE id = ?", [SQLValue(version), .text(now), SQLValue(id)])
    }

    /// A new revision of draft `draftID` was saved: the approvals of its open or approved
    /// requests no longer count (a `reset` step; an approved one is open again, its schedule cancelled).
    static func resetApprovals(_ database: any SQLDatabase, draftID: String, actor: String, now: String) throws {
        let requests = try database.query(
            "SELECT \(columns) FROM change_requests WHERE draft_id = ? AND state IN ('open', 'approved')", [.text(draftID)]
        ) { read($0, history: []) }
        for request in requests {
            let current = try get(database, id: request.id)
            guard !current.approvals.isEmpty else { continue }
            if current.state == .approved { try setState(database, id: request.id, .open, now: now) }
            try cancelSchedules(database, request: request.id, now: now)
            try record(database, id: request.id, .reset, actor: actor, skin: current.skin, channel: current.channel, now: now)
        }
    }

    /// Draft `draftID` was deleted: its open or approved requests can no longer be applied and are cancelled.
    static func cancelRequests(ofDeletedDraft draftID: String, actor: String, _ database: any SQLDatabase, now: String) throws {
        let ids = try database.query(
            "SELECT id, channel FROM change_requests WHERE draft_id = ? AND state IN ('open', 'approved')", [.text(draftID)]
        ) { ($0.int(0), $0.string(1)) }
        for (id, channel) in ids {
            try setState(database, id: id, .cancelled, now: now)
            try record(database, id: id, .cancel, actor: actor, skin: try get(database, id: id).skin, channel: channel,
                note: "the draft was deleted", now: now)
        }
    }

    /// Cancels every open request whose `at` has passed (a `lapse` step): it was not approved in time.
    static func lapseDue(_ database: any SQLDatabase, now: String) throws {
        let due = try database.query(
            "SELECT \(columns) FROM change_requests WHERE state = 'open' AND at IS NOT NULL AND at <= ?", [.text(now)]
        ) { read($0, history: []) }
        for request in due {
            try setState(database, id: request.id, .cancelled, now: now)
            try record(database, id: request.id, .lapse, actor: request.author, skin: request.skin, channel: request.channel,
                note: "not approved by \(request.at ?? now)", now: now)
        }
    }

    /// Notes on request `id` that its schedule could not carry it out; it stays approved, so
    /// that it can be applied by hand once what blocked it is mended.
    static func recordFailure(_ database: any SQLDatabase, id: Int, reason: String, now: String) throws {
        guard let request = try? get(database, id: id) else { return }
        try record(database, id: id, .fail, actor: request.author, skin: request.skin, channel: request.channel, note: reason, now: now)
    }

    // MARK: Helpers

    private static func openRequest(_ database: any SQLDatabase, id: Int, channel: String) throws -> ChangeRequest {
        let request = try get(database, id: id)
        guard request.channel == channel else { throw StoreError.notFound(.changeRequest(id)) }
        guard !request.state.isClosed else { throw StoreError.changeRequestClosed(id: id, state: request.state.rawValue) }
        return request
    }

    private static func countingApprovals(_ request: ChangeRequest, _ policy: ChannelPolicy) -> Int {
        request.approvals.filter { policy.selfApproval || $0.actor != request.author }.count
    }

    private static func setState(_ database: any SQLDatabase, id: Int, _ state: ChangeRequest.State, now: String) throws {
        try database.run("UPDATE change_requests SET state = ?, updated_at = ? WHERE id = ?", [.text(state.rawValue), .text(now), SQLValue(id)])
    }

    private static func cancelSchedules(_ database: any SQLDatabase, request: Int, now: String) throws {
        try database.run(
            "UPDATE schedules SET state = 'cancelled', carried_out_at = ? WHERE change_request_id = ? AND state = 'pending'",
            [.text(now), SQLValue(request)])
    }

    /// Appends a step: history, audit (`change-request.ACTION`) and a `review` event.
    private static func record(
        _ database: any SQLDatabase, id: Int, _ kind: ChangeRequest.Action.Kind, actor: String, skin: String, channel: String,
        draftRevision: Int? = nil, note: String? = nil, now: String
    ) throws {
        let seq = (try database.scalarInt("SELECT coalesce(max(seq), 0) FROM change_request_actions WHERE request_id = ?", [SQLValue(id)]) ?? 0) + 1
        try database.run(
            "INSERT INTO change_request_actions (request_id, seq, action, actor, at, draft_revision, note) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [SQLValue(id), SQLValue(seq), .text(kind.rawValue), .text(actor), .text(now), SQLValue(draftRevision), SQLValue(note)])
        try database.run("UPDATE change_requests SET updated_at = ? WHERE id = ?", [.text(now), SQLValue(id)])
        try AuditQueries.record(
            database, at: now, actor: actor, action: "change-request.\(kind.rawValue)", target: "channel/\(channel)",
            detail: JSONText.object([
                "changeRequest": .int(id), "draftRevision": .optional(draftRevision), "note": .optional(note),
            ]))
        try EventQueries.appendReview(database, request: id, action: kind, skin: skin, channel: channel, at: now)
    }

    private static func history(_ database: any SQLDatabase, ids: [Int]) throws -> [Int: [ChangeRequest.Action]] {
        guard !ids.isEmpty else { return [:] }
        let rows = try database.query(
            "SELECT request_id, action, actor, at, draft_revision, note FROM change_request_actions WHERE request_id IN ("
                + ids.map { _ in "?" }.joined(separator: ", ") + ") ORDER BY request_id, seq",
            ids.map { SQLValue($0) }
        ) { row in
            (row.int(0), ChangeRequest.Action(
                kind: ChangeRequest.Action.Kind(rawValue: row.string(1)) ?? .open, actor: row.string(2), at: row.string(3),
                draftRevision: row.optionalInt(4), note: row.optionalString(5)))
        }
        return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }

    private static func read(_ row: any SQLRow, history: [ChangeRequest.Action]) -> ChangeRequest {
        let source: ChangeRequest.Source = switch row.string(5) {
        case "draft": .draft(row.optionalString(7) ?? "")
        case "promote": .promote(from: row.optionalString(8) ?? "", change: row.optionalString(6) ?? "{}")
        default: .change(row.optionalString(6) ?? "{}")
        }
        return ChangeRequest(
            id: row.int(0), channel: row.string(1), state: ChangeRequest.State(rawValue: row.string(2)) ?? .open, author: row.string(3),
            message: row.string(4), skin: row.string(13), source: source, at: row.optionalString(9), createdAt: row.string(10), updatedAt: row.string(11),
            publishedVersion: row.optionalInt(12), history: history)
    }
}

extension ChangeRequest {
    func with(history: [Action]) -> ChangeRequest {
        ChangeRequest(
            id: id, channel: channel, state: state, author: author, message: message, skin: skin, source: source, at: at, createdAt: createdAt,
            updatedAt: updatedAt, publishedVersion: publishedVersion, history: history)
    }
}
