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

    /// One channel, with its history when asked.
    /// - Throws: ``StoreError/notFound(_:)``.
    static func get(_ database: any SQLDatabase, name: String, includeHistory: Bool) throws -> Channel {
        guard
            let (id, channel) = try database.queryFirst(
                "SELECT \(channelColumns) FROM \(channelTables) WHERE c.name = ?", [.text(name)], row: readChannel
            )
        else {
            throw StoreError.notFound(.channel(name))
        }
        return try complete(database, id: id, channel, includeHistory: includeHistory)
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

    /// Every channel by name, each with its history when asked.
    static func list(_ database: any SQLDatabase, includeHistory: Bool) throws -> [Channel] {
        let rows = try database.query("SELECT \(channelColumns) FROM \(channelTables) ORDER BY c.name", row: readChannel)
        return try rows.map { try complete(database, id: $0.id, $0.channel, includeHistory: includeHistory) }
    }

    /// The channel's history, oldest first, numbered from 1.
    static func history(_ database: any SQLDatabase, channelID: Int64) throws -> [ChannelActivation] {
        let rows = try database.query(
            """
            SELECT skin, version, actor, at, action, rollout_skin, rollout_version, rollout_percent, forced, schedule_id, builds,
                served_version, rollout_served_version
            FROM channel_activations WHERE channel_id = ? ORDER BY id
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
                number: index + 1, skin: row.skin, version: row.version, rollout: row.rollout, builds: row.builds, kind: row.kind,
                forced: row.forced, scheduleID: row.scheduleID, actor: row.actor, at: row.at,
                servedVersion: row.served, rolloutServedVersion: row.rolloutServed)
        }
    }

    /// The channel with its holds, and its history when asked.
    private static func complete(_ database: any SQLDatabase, id: Int64, _ channel: Channel, includeHistory: Bool) throws -> Channel {
        channel.with(history: includeHistory ? try history(database, channelID: id) : nil, holds: try HoldQueries.holds(database, channelID: id))
    }
}
