import SkinModel

/// Channels and their activation history. Every function runs inside a transaction opened by ``SkinStore``.
/// Changes (activation, rollouts, rollback) are in ``ChannelChangeQueries``.
enum ChannelQueries {
    private static let channelColumns = """
        c.id, c.name, s.name, c.version, c.activation_count, c.created_at, c.updated_at, r.name, c.rollout_version, c.rollout_percent, c.builds
        """
    private static let channelTables = "channels c JOIN skins s ON s.id = c.skin_id LEFT JOIN skins r ON r.id = c.rollout_skin_id"

    private static func readChannel(_ row: any SQLRow) -> (id: Int64, channel: Channel) {
        let rollout = row.optionalString(7).map { skin in
            ChannelRollout(skin: skin, version: row.optionalInt(8), percent: row.optionalInt(9) ?? 0)
        }
        return (
            row.int64(0),
            Channel(
                name: row.string(1), skin: row.string(2), version: row.optionalInt(3), activationCount: row.int(4),
                createdAt: row.string(5), updatedAt: row.string(6), history: [], rollout: rollout,
                builds: [BuildTarget](storedText: row.optionalString(10))
            )
        )
    }

    /// Points `channel` at `skin` (pinned to `version`, or following its latest when nil),
    /// creating the channel on first activation; see ``SkinStore/activate(channel:skin:version:actor:expectedActivationCount:)``.
    /// Must run inside a `BEGIN IMMEDIATE` transaction.
    static func activate(
        _ database: any SQLDatabase, channel: String, skin: String, version: Int?, actor: String,
        expectedActivationCount: Int?, at: String
    ) throws -> Channel {
        try ChannelChangeQueries.apply(
            database, channel: channel, ChannelChange(state: ChannelState(skin: skin, version: version)),
            actor: actor, expectedActivationCount: expectedActivationCount, at: at)
    }

    /// The channel's row id and activation count, nil when it does not exist yet.
    static func identity(_ database: any SQLDatabase, name: String) throws -> (id: Int64, count: Int)? {
        try database.queryFirst("SELECT id, activation_count FROM channels WHERE name = ?", [.text(name)]) {
            (id: $0.int64(0), count: $0.int(1))
        }
    }

    /// One channel, with a page of its history when asked: the latest ``historyPageSize`` entries
    /// numbered below `historyBefore` (the latest of all when nil).
    /// - Throws: ``StoreError/notFound(_:)``.
    static func get(_ database: any SQLDatabase, name: String, includeHistory: Bool, historyBefore: Int? = nil) throws -> Channel {
        guard
            let (id, channel) = try database.queryFirst(
                "SELECT \(channelColumns) FROM \(channelTables) WHERE c.name = ?", [.text(name)], row: readChannel
            )
        else {
            throw StoreError.notFound(.channel(name))
        }
        return try complete(database, id: id, channel, includeHistory: includeHistory, historyBefore: historyBefore)
    }

    /// One channel by row id, without history.
    static func get(_ database: any SQLDatabase, id: Int64) throws -> Channel {
        guard
            let (id, channel) = try database.queryFirst(
                "SELECT \(channelColumns) FROM \(channelTables) WHERE c.id = ?", [.integer(id)], row: readChannel
            )
        else {
            throw StoreError.notFound(.channel("#\(id)"))
        }
        return try complete(database, id: id, channel, includeHistory: false)
    }

    /// Every channel by name, each with the latest page of its history when asked.
    static func list(_ database: any SQLDatabase, includeHistory: Bool) throws -> [Channel] {
        let rows = try database.query("SELECT \(channelColumns) FROM \(channelTables) ORDER BY c.name", row: readChannel)
        return try rows.map { try complete(database, id: $0.id, $0.channel, includeHistory: includeHistory) }
    }

    /// The entries a channel read shows (docs/api.md, "Rollouts, schedules and rollback"): the
    /// latest 50, and older ones page by page (`historyBefore`), so a channel's answer stays
    /// bounded however long its history grows.
    package static let historyPageSize = 50

    /// How many entries the channel's history has.
    static func historyCount(_ database: any SQLDatabase, channelID: Int64) throws -> Int {
        try database.scalarInt("SELECT count(*) FROM channel_activations WHERE channel_id = ?", [.integer(channelID)]) ?? 0
    }

    /// The entries numbered `numbers` (1-based) of the channel's history, oldest first; those
    /// that do not exist are left out. Reads only those rows.
    static func history(_ database: any SQLDatabase, channelID: Int64, numbers: ClosedRange<Int>) throws -> [ChannelActivation] {
        let first = max(1, numbers.lowerBound)
        guard numbers.upperBound >= first else { return [] }
        return try history(
            database, channelID: channelID, window: "LIMIT \(numbers.upperBound - first + 1) OFFSET \(first - 1)", firstNumber: first)
    }

    /// The latest `limit` entries numbered below `before` (all numbers when nil), oldest first,
    /// and how many entries the history has.
    static func historyPage(
        _ database: any SQLDatabase, channelID: Int64, before: Int?, limit: Int = historyPageSize
    ) throws -> (entries: [ChannelActivation], count: Int) {
        let count = try historyCount(database, channelID: channelID)
        let end = min(count, (before ?? count + 1) - 1)
        return (try history(database, channelID: channelID, numbers: (end - limit + 1)...end), count)
    }

    /// The history's rows in `window` (`LIMIT … OFFSET …`, integers only), numbered from `firstNumber`.
    private static func history(_ database: any SQLDatabase, channelID: Int64, window: String, firstNumber: Int) throws -> [ChannelActivation] {
        let rows = try database.query(
            """
            SELECT skin, version, actor, at, action, rollout_skin, rollout_version, rollout_percent, forced, schedule_id, builds,
                served_version, rollout_served_version
            FROM channel_activations WHERE channel_id = ? ORDER BY id \(window)
            """, [.integer(channelID)]
        ) { row in
            (
                skin: row.string(0), version: row.optionalInt(1), actor: row.string(2), at: row.string(3),
                kind: ChannelChangeKind(rawValue: row.string(4)) ?? .activate,
                rollout: row.optionalString(5).map { ChannelRollout(skin: $0, version: row.optionalInt(6), percent: row.optionalInt(7) ?? 0) },
                forced: row.int(8) != 0, scheduleID: row.optionalInt(9), builds: [BuildTarget](storedText: row.optionalString(10)),
                served: row.optionalInt(11), rolloutServed: row.optionalInt(12)
            )
        }
        return rows.enumerated().map { index, row in
            ChannelActivation(
                number: firstNumber + index, skin: row.skin, version: row.version, rollout: row.rollout, builds: row.builds, kind: row.kind,
                forced: row.forced, scheduleID: row.scheduleID, actor: row.actor, at: row.at,
                servedVersion: row.served, rolloutServedVersion: row.rolloutServed)
        }
    }

    /// The channel with its holds, and when asked a page of its history (``historyPage(_:channelID:before:limit:)``)
    /// and how many entries it has.
    private static func complete(
        _ database: any SQLDatabase, id: Int64, _ channel: Channel, includeHistory: Bool, historyBefore: Int? = nil
    ) throws -> Channel {
        let holds = try HoldQueries.holds(database, channelID: id)
        guard includeHistory else { return channel.with(holds: holds) }
        let page = try historyPage(database, channelID: id, before: historyBefore)
        return channel.with(history: page.entries, historyCount: page.count, holds: holds)
    }
}
