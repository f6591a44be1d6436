import SkinModel

/// Release control (docs/api.md, "Rollouts, schedules and rollback"): rollouts, promote, abort, rollback and schedules. Every change
/// goes through ``ChannelChangeQueries/apply(_:channel:_:actor:expectedActivationCount:at:)``, so
/// each is a history entry (moving `ETag: "a{n}"`), an audit row and a change event.
extension SkinStore {
    /// Sets a channel's whole state: the active target and, optionally, a rollout. A state
    /// without rollout ends a running one (recorded as `abort`).
    ///
    /// - Parameters:
    ///   - builds: the per-build targets afterwards (`[]` removes them); nil keeps the channel's.
    ///   - forced: an admin went past failing contrast checks (recorded in history and audit).
    ///   - expectedActivationCount: from `If-Match: "a{n}"`.
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/preconditionFailed(current:)``.
    @discardableResult
    ///   - kind: how history records it; nil decides from the states (activate, rollout, abort).
    ///   - holds: the release gate's holds afterwards (nil keeps those of targets still named).
    ///   - changeRequest: the approved change request this carries out (docs/api.md, "Change
    ///     requests"); nil for a direct change, which a channel's review policy refuses.
    package func changeChannel(
        _ channel: String, to state: ChannelState, builds: [BuildTarget]? = nil, kind: ChannelChangeKind? = nil, forced: Bool = false,
        holds: [ServedHold]? = nil, actor: String, expectedActivationCount: Int? = nil, changeRequest: Int? = nil
    ) async throws -> Channel {
        let change = ChannelChange(
            state: builds.map { state.with(builds: $0) } ?? state, keepsBuilds: builds == nil, kind: kind, forced: forced, holds: holds,
            changeRequestID: changeRequest)
        return try await write { database, now in
            try ChannelChangeQueries.apply(
                database, channel: channel, change, actor: actor,
                expectedActivationCount: expectedActivationCount, at: now)
        }
    }

    /// Ends the running rollout: `promote` makes its target the active one (every client gets
    /// it), otherwise it is aborted (every client gets the active target again).
    /// - Throws: ``StoreError/noRollout(channel:)``, ``StoreError/notFound(_:)``, ``StoreError/preconditionFailed(current:)``.
    @discardableResult
    ///   - forced: an admin promoted past the release gate (recorded in history and audit).
    ///   - holds: the release gate's holds afterwards (nil keeps those of targets still named).
    package func endRollout(
        _ channel: String, promote: Bool, forced: Bool = false, holds: [ServedHold]? = nil, actor: String, expectedActivationCount: Int? = nil
    ) async throws -> Channel {
        try await write { database, now in
            let current = try ChannelQueries.get(database, name: channel, includeHistory: false)
            guard let rollout = current.rollout else { throw StoreError.noRollout(channel: channel) }
            let state = promote
                ? ChannelState(skin: rollout.skin, version: rollout.version) : ChannelState(skin: current.skin, version: current.version)
            return try ChannelChangeQueries.apply(
                database, channel: channel, ChannelChange(state: state, kind: promote ? .promote : .abort, forced: forced, holds: holds),
                actor: actor, expectedActivationCount: expectedActivationCount, at: now)
        }
    }

    /// The state a rollback of `channel` returns to: history entry `to` (1-based), or the entry
    /// before the current one when nil, as it served (``ChannelActivation/servedState``). The
    /// caller gates it and applies it with ``changeChannel(_:to:builds:kind:forced:holds:actor:expectedActivationCount:)``
    /// (kind `rollback`, `If-Match` the count returned), so a rollback is a new entry that can itself be undone.
    /// - Throws: ``StoreError/nothingToRollBack(channel:)`` (one entry only, or `to` is the current one),
    ///   ``StoreError/notFound(_:)`` (no such entry).
    package func rollbackState(_ channel: String, to entry: Int? = nil) async throws -> (state: ChannelState, activationCount: Int) {
        try await read { database in
            guard let identity = try ChannelQueries.identity(database, name: channel) else {
                throw StoreError.notFound(.channel(channel))
            }
            // Only the entry returned to is read: a history may be long.
            let count = try ChannelQueries.historyCount(database, channelID: identity.id)
            let number = entry ?? count - 1
            guard number != count, number >= 1 || entry != nil else { throw StoreError.nothingToRollBack(channel: channel) }
            guard number >= 1, number <= count,
                let found = try ChannelQueries.history(database, channelID: identity.id, numbers: number...number).first
            else {
                throw StoreError.notFound(.historyEntry(channel: channel, number: number))
            }
            return (found.servedState, identity.count)
        }
    }

    // MARK: Schedules

    /// Stores a future change of `channel` at `at` (the store's timestamp text, see ``Timestamp``).
    package func schedule(_ channel: String, at: String, to target: ChannelState, forced: Bool = false, actor: String) async throws -> ChannelSchedule {
        try await write { database, now in
            try ScheduleQueries.create(database, channel: channel, at: at, target: target, forced: forced, actor: actor, now: now)
        }
    }

    /// A channel's schedules, soonest first, whatever their state.
    package func schedules(of channel: String) async throws -> [ChannelSchedule] {
        try await read { try ScheduleQueries.list($0, channel: channel) }
    }

    /// Cancels a pending schedule.
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/scheduleNotPending(id:state:)``.
    @discardableResult
    package func cancelSchedule(_ id: Int, of channel: String, actor: String) async throws -> ChannelSchedule {
        try await write { database, now in
            try ScheduleQueries.cancel(database, channel: channel, id: id, actor: actor, now: now)
        }
    }

    /// The earliest pending schedule's time, nil when none is pending. A cheap read, to decide
    /// whether ``runDueSchedules()`` (a write) is needed.
    package func nextScheduleDue() async throws -> String? {
        try await read { try ScheduleQueries.nextDue($0) }
    }

    /// Carries out every pending schedule whose time has come (in one write transaction, so
    /// exactly one of the processes sharing the database does each) and returns them.
    package func runDueSchedules() async throws -> [ChannelSchedule] {
        try await write { database, now in
            try ScheduleQueries.runDue(database, now: now, nowMilliseconds: Timestamp.milliseconds(fromRFC3339: now) ?? Timestamp.nowMilliseconds())
        }
    }
}
