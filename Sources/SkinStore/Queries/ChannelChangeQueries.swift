/// Every change of a channel (docs/api.md, "Publishing and activating", §3.5): activation, rollouts, promote, abort, rollback.
/// One function writes them all, checks the channel's review policy for them all (a direct change
/// is refused under a policy; a change request must be approved), so each moves `activation_count` (the channel's `ETag: "a{n}"`),
/// appends a history entry with the whole resulting state, an audit row and a change event,
/// in the caller's `BEGIN IMMEDIATE` transaction.
enum ChannelChangeQueries {
    /// Applies `change` to `channel`, creating the channel on its first activation.
    ///
    /// - Parameter expectedActivationCount: from `If-Match: "a{n}"` (0 = only if the channel does not exist yet).
    /// - Throws: ``StoreError/notFound(_:)`` for a missing skin or version,
    ///   ``StoreError/preconditionFailed(current:)``.
    static func apply(
        _ database: any SQLDatabase, channel: String, _ change: ChannelChange, actor: String,
        expectedActivationCount: Int?, at: String
    ) throws -> Channel {
        // The review policy guards the result, not a route: every change of a channel comes here.
        if let request = change.changeRequestID {
            try ChangeRequestQueries.requireApplicable(database, id: request, channel: channel, at: at)
        } else {
            try ChangeRequestQueries.requireDirectChangeAllowed(database, channel: channel)
        }
        let skinID = try targetID(database, skin: change.state.skin, version: change.state.version)
        let rolloutID = try change.state.rollout.map { try targetID(database, skin: $0.skin, version: $0.version) }
        let existing = try ChannelQueries.identity(database, name: channel)
        let current = existing?.count ?? 0
        if let expectedActivationCount, expectedActivationCount != current {
            throw StoreError.preconditionFailed(current: current)
        }
        let previous = try existing.map { _ in try ChannelQueries.get(database, name: channel, includeHistory: false).state }
        // A change that does not name per-build targets keeps the channel's (docs/apps.md).
        let state = change.keepsBuilds ? change.state.with(builds: previous?.builds ?? []) : change.state
        for build in state.builds {
            _ = try targetID(database, skin: build.skin, version: build.version)
        }
        let buildsText: SQLValue = state.builds.isEmpty ? .null : .text(state.builds.storedText)
        let kind = change.kind ?? kind(from: previous, to: state)
        let rolloutValues: [SQLValue] = [
            rolloutID.map(SQLValue.integer) ?? .null, SQLValue(state.rollout?.version), SQLValue(state.rollout?.percent),
        ]
        let channelID: Int64
        if let existing {
            try database.run(
                """
                UPDATE channels SET skin_id = ?, version = ?, rollout_skin_id = ?, rollout_version = ?, rollout_percent = ?,
                    builds = ?, activation_count = activation_count + 1, updated_at = ? WHERE id = ?
                """,
                [.integer(skinID), SQLValue(state.version)] + rolloutValues + [buildsText, .text(at), .integer(existing.id)]
            )
            channelID = existing.id
        } else {
            channelID = try database.queryFirst(
                """
                INSERT INTO channels (name, skin_id, version, rollout_skin_id, rollout_version, rollout_percent,
                    builds, activation_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id
                """,
                [.text(channel), .integer(skinID), SQLValue(state.version)] + rolloutValues + [buildsText, .text(at), .text(at)]
            ) { $0.int64(0) } ?? 0
        }
        if let holds = change.holds {
            try HoldQueries.replace(database, channelID: channelID, with: holds)
        } else {
            try HoldQueries.keepNamed(database, channelID: channelID, state: state)
        }
        let holds = try HoldQueries.holds(database, channelID: channelID)
        let served = try servedVersion(database, ServedTarget(skin: state.skin, version: state.version), holds: holds)
        let rolloutServed = try state.rollout.map { try servedVersion(database, ServedTarget(skin: $0.skin, version: $0.version), holds: holds) }
        try database.run(
            """
            INSERT INTO channel_activations (channel_id, skin, version, actor, at, action, rollout_skin, rollout_version,
                rollout_percent, forced, schedule_id, builds, served_version, rollout_served_version)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(channelID), .text(state.skin), SQLValue(state.version), .text(actor), .text(at), .text(kind.rawValue),
                SQLValue(state.rollout?.skin), SQLValue(state.rollout?.version), SQLValue(state.rollout?.percent),
                .integer(change.forced ? 1 : 0), SQLValue(change.scheduleID), buildsText, SQLValue(served), SQLValue(rolloutServed ?? nil),
            ]
        )
        try AuditQueries.record(
            database, at: at, actor: actor, action: "channel.\(kind.rawValue)", target: "channel/\(channel)",
            detail: JSONText.object([
                "skin": .string(state.skin), "version": .optional(state.version),
                "rolloutSkin": .optional(state.rollout?.skin), "rolloutVersion": .optional(state.rollout?.version),
                "rolloutPercent": .optional(state.rollout?.percent), "activationCount": .int(current + 1),
                "forced": .bool(change.forced), "schedule": .optional(change.scheduleID), "late": .bool(change.late),
                "builds": .optional(state.builds.isEmpty ? nil : state.builds.map(\.description).joined(separator: "; ")),
            ])
        )
        try EventQueries.append(database, kind: .activate, skin: state.skin, version: state.version, channel: channel, at: at)
        if let request = change.changeRequestID {
            try ChangeRequestQueries.markApplied(database, id: request, actor: actor, now: at)
        }
        return try ChannelQueries.get(database, name: channel, includeHistory: true)
    }

    /// How a change from `previous` to `next` is recorded when the caller did not say: a state
    /// with a rollout is a rollout step; dropping a running rollout is an abort (docs/api.md, "Rollouts, schedules and rollback": a
    /// `PUT` without `rollout` ends a running one, recorded as aborted); else an activation.
    static func kind(from previous: ChannelState?, to next: ChannelState) -> ChannelChangeKind {
        if next.rollout != nil { return .rollout }
        if previous?.rollout != nil { return .abort }
        return .activate
    }

    /// The version `target` serves everyone now: its `*` hold's, else the pinned or latest one.
    private static func servedVersion(_ database: any SQLDatabase, _ target: ServedTarget, holds: [ServedHold]) throws -> Int? {
        if let held = holds.first(where: { $0.target == target && $0.audience == .everyone }), held.look.leaf.skin == target.skin {
            return held.look.leaf.version
        }
        if let version = target.version { return version }
        return try SkinQueries.skinID(database, target.skin).map { try SkinQueries.latestNumber(database, skinID: $0) }
    }

    /// The skin's row id, after checking that the pinned version exists.
    private static func targetID(_ database: any SQLDatabase, skin: String, version: Int?) throws -> Int64 {
        guard let skinID = try SkinQueries.skinID(database, skin) else {
            throw StoreError.notFound(.skin(skin))
        }
        if let version {
            let exists = try database.scalarInt(
                "SELECT count(*) FROM versions WHERE skin_id = ? AND number = ?", [.integer(skinID), SQLValue(version)]
            ) == 1
            guard exists else { throw StoreError.notFound(.version(skin: skin, number: version)) }
        }
        return skinID
    }
}
