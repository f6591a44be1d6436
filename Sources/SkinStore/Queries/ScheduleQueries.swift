/// Stored schedules (docs/api.md, "Rollouts, schedules and rollback"). Every function runs inside a transaction opened by ``SkinStore``.
enum ScheduleQueries {
    private static let columns = """
        id, channel, at, skin, version, rollout_skin, rollout_version, rollout_percent, forced, created_by, created_at,
        state, carried_out_at, late, outcome, change_request_id
        """

    private static func read(_ row: any SQLRow) -> ChannelSchedule {
        let rollout = row.optionalString(5).map { ChannelRollout(skin: $0, version: row.optionalInt(6), percent: row.optionalInt(7) ?? 0) }
        return ChannelSchedule(
            id: row.int(0), channel: row.string(1), at: row.string(2),
            target: ChannelState(skin: row.string(3), version: row.optionalInt(4), rollout: rollout),
            forced: row.int(8) != 0, createdBy: row.string(9), createdAt: row.string(10),
            state: ChannelSchedule.State(rawValue: row.string(11)) ?? .failed, carriedOutAt: row.optionalString(12),
            late: row.int(13) != 0, outcome: row.optionalString(14), changeRequestID: row.optionalInt(15))
    }

    /// Stores a pending schedule and audits it. A direct schedule (no `changeRequest`) is a
    /// direct change: refused on a channel whose policy requires review.
    /// - Throws: ``StoreError/approvalRequired(channel:request:approvals:required:)``.
    static func create(
        _ database: any SQLDatabase, channel: String, at: String, target: ChannelState, forced: Bool, changeRequest: Int? = nil,
        actor: String, now: String
    ) throws -> ChannelSchedule {
        if changeRequest == nil { try ChangeRequestQueries.requireDirectChangeAllowed(database, channel: channel) }
        let id = try database.queryFirst(
            """
            INSERT INTO schedules (channel, at, skin, version, rollout_skin, rollout_version, rollout_percent, forced,
                created_by, created_at, change_request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [
                .text(channel), .text(at), .text(target.skin), SQLValue(target.version), SQLValue(target.rollout?.skin),
                SQLValue(target.rollout?.version), SQLValue(target.rollout?.percent), SQLValue(forced), .text(actor), .text(now),
                SQLValue(changeRequest),
            ]
        ) { $0.int(0) } ?? 0
        try AuditQueries.record(
            database, at: now, actor: actor, action: "schedule.create", target: "channel/\(channel)",
            detail: JSONText.object([
                "schedule": .int(id), "at": .string(at), "skin": .string(target.skin), "version": .optional(target.version),
                "rolloutSkin": .optional(target.rollout?.skin), "rolloutPercent": .optional(target.rollout?.percent),
                "forced": .bool(forced),
            ]))
        return try get(database, id: id)
    }

    /// One schedule. - Throws: ``StoreError/notFound(_:)``.
    static func get(_ database: any SQLDatabase, id: Int) throws -> ChannelSchedule {
        guard let schedule = try database.queryFirst("SELECT \(columns) FROM schedules WHERE id = ?", [SQLValue(id)], row: read) else {
            throw StoreError.notFound(.schedule(id))
        }
        return schedule
    }

    /// A channel's schedules, soonest first (all states: done and cancelled ones are its record).
    static func list(_ database: any SQLDatabase, channel: String) throws -> [ChannelSchedule] {
        try database.query("SELECT \(columns) FROM schedules WHERE channel = ? ORDER BY at, id", [.text(channel)], row: read)
    }

    /// Cancels a pending schedule of `channel`.
    /// - Throws: ``StoreError/notFound(_:)``; ``StoreError/scheduleNotPending(id:state:)`` when it already ran or was cancelled.
    static func cancel(_ database: any SQLDatabase, channel: String, id: Int, actor: String, now: String) throws -> ChannelSchedule {
        let schedule = try get(database, id: id)
        guard schedule.channel == channel else { throw StoreError.notFound(.schedule(id)) }
        guard schedule.state == .pending else { throw StoreError.scheduleNotPending(id: id, state: schedule.state.rawValue) }
        try database.run("UPDATE schedules SET state = 'cancelled', carried_out_at = ? WHERE id = ?", [.text(now), SQLValue(id)])
        try AuditQueries.record(
            database, at: now, actor: actor, action: "schedule.cancel", target: "channel/\(channel)",
            detail: JSONText.object(["schedule": .int(id), "at": .string(schedule.at)]))
        return try get(database, id: id)
    }

    /// The earliest pending time, to know when to look again: of a pending schedule, or of an
    /// open change request whose `at` will lapse it (docs/api.md, "Change requests").
    static func nextDue(_ database: any SQLDatabase) throws -> String? {
        try database.scalarString(
            """
            SELECT min(at) FROM (SELECT at FROM schedules WHERE state = 'pending'
                UNION ALL SELECT at FROM change_requests WHERE state = 'open' AND at IS NOT NULL) AS due
            """)
    }

    /// The pending schedules due at `now`, oldest first: what the server's release gate checks
    /// before ``runDue(_:now:nowMilliseconds:)`` carries them out.
    static func due(_ database: any SQLDatabase, now: String) throws -> [ChannelSchedule] {
        try database.query("SELECT \(columns) FROM schedules WHERE state = 'pending' AND at <= ? ORDER BY at, id", [.text(now)], row: read)
    }

    /// Marks a pending schedule `blocked` (its look failed the release gate when it came due)
    /// and audits it; nil when another process already ran, blocked or cancelled it.
    static func block(_ database: any SQLDatabase, id: Int, reason: String, now: String) throws -> ChannelSchedule? {
        let schedule = try get(database, id: id)
        guard schedule.state == .pending else { return nil }
        let scheduled = Timestamp.milliseconds(fromRFC3339: schedule.at) ?? 0
        let late = (Timestamp.milliseconds(fromRFC3339: now) ?? scheduled) - scheduled > Int64(ChannelSchedule.lateAfterMilliseconds)
        try database.run(
            "UPDATE schedules SET state = 'blocked', carried_out_at = ?, late = ?, outcome = ? WHERE id = ?",
            [.text(now), SQLValue(late), .text(reason), SQLValue(id)])
        try AuditQueries.record(
            database, at: now, actor: schedule.createdBy, action: "schedule.block", target: "channel/\(schedule.channel)",
            detail: JSONText.object(["schedule": .int(id), "reason": .string(reason)]))
        if let request = schedule.changeRequestID {
            try ChangeRequestQueries.recordFailure(database, id: request, reason: reason, now: now)
        }
        return try get(database, id: id)
    }

    /// Carries out every pending schedule due at `now`, oldest first, in the caller's write
    /// transaction. Because the state is re-read inside `BEGIN IMMEDIATE`, of several processes
    /// sharing the database only the first to take the write lock sees them pending: each runs once.
    /// A schedule whose skin or version is gone is marked failed (and audited) instead.
    static func runDue(_ database: any SQLDatabase, now: String, nowMilliseconds: Int64) throws -> [ChannelSchedule] {
        // Requests whose time came before they were approved are cancelled in the same pass.
        try ChangeRequestQueries.lapseDue(database, now: now)
        let due = try database.query(
            "SELECT \(columns) FROM schedules WHERE state = 'pending' AND at <= ? ORDER BY at, id", [.text(now)], row: read)
        var carried: [ChannelSchedule] = []
        for schedule in due {
            let scheduled = Timestamp.milliseconds(fromRFC3339: schedule.at) ?? nowMilliseconds
            let late = nowMilliseconds - scheduled > Int64(ChannelSchedule.lateAfterMilliseconds)
            do {
                try database.savepoint {
                    _ = try ChannelChangeQueries.apply(
                        database, channel: schedule.channel,
                        ChannelChange(
                            state: schedule.target, forced: schedule.forced, scheduleID: schedule.id, late: late,
                            changeRequestID: schedule.changeRequestID),
                        actor: schedule.createdBy, expectedActivationCount: nil, at: now)
                }
                try database.run(
                    "UPDATE schedules SET state = 'done', carried_out_at = ?, late = ? WHERE id = ?",
                    [.text(now), SQLValue(late), SQLValue(schedule.id)])
            } catch let error as StoreError {
                try database.run(
                    "UPDATE schedules SET state = 'failed', carried_out_at = ?, late = ?, outcome = ? WHERE id = ?",
                    [.text(now), SQLValue(late), .text(error.description), SQLValue(schedule.id)])
                try AuditQueries.record(
                    database, at: now, actor: schedule.createdBy, action: "schedule.fail", target: "channel/\(schedule.channel)",
                    detail: JSONText.object(["schedule": .int(schedule.id), "reason": .string(error.description)]))
                if let request = schedule.changeRequestID {
                    try ChangeRequestQueries.recordFailure(database, id: request, reason: error.description, now: now)
                }
            }
            carried.append(try get(database, id: schedule.id))
        }
        return carried
    }
}
