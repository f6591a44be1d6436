/// Channels and their activation history. Every function runs inside a transaction opened by ``SkinStore``.
enum ChannelQueries {
    private static let channelColumns = "c.id, c.name, s.name, c.version, c.activation_count, c.created_at, c.updated_at"

    private static func readChannel(_ row: any SQLRow) -> (id: Int64, channel: Channel) {
        (
            row.int64(0),
            Channel(
                name: row.string(1), skin: row.string(2), version: row.optionalInt(3), activationCount: row.int(4),
                createdAt: row.string(5), updatedAt: row.string(6), history: []
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
        guard let skinID = try SkinQueries.skinID(database, skin) else {
            throw StoreError.notFound(.skin(skin))
        }
        if let version {
            let exists = try database.scalarInt(
                "SELECT count(*) FROM versions WHERE skin_id = ? AND number = ?", [.integer(skinID), SQLValue(version)]
            ) == 1
            guard exists else { throw StoreError.notFound(.version(skin: skin, number: version)) }
        }
        let existing = try database.queryFirst(
            "SELECT id, activation_count FROM channels WHERE name = ?", [.text(channel)]
        ) { (id: $0.int64(0), count: $0.int(1)) }
        let current = existing?.count ?? 0
        if let expectedActivationCount, expectedActivationCount != current {
            throw StoreError.preconditionFailed(current: current)
        }
        let channelID: Int64
        if let existing {
            try database.run(
                "UPDATE channels SET skin_id = ?, version = ?, activation_count = activation_count + 1, updated_at = ? WHERE id = ?",
                [.integer(skinID), SQLValue(version), .text(at), .integer(existing.id)]
            )
            channelID = existing.id
        } else {
            channelID = try database.queryFirst(
                "INSERT INTO channels (name, skin_id, version, activation_count, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?) RETURNING id",
                [.text(channel), .integer(skinID), SQLValue(version), .text(at), .text(at)]
            ) { $0.int64(0) } ?? 0
        }
        try database.run(
            "INSERT INTO channel_activations (channel_id, skin, version, actor, at) VALUES (?, ?, ?, ?, ?)",
            [.integer(channelID), .text(skin), SQLValue(version), .text(actor), .text(at)]
        )
        try AuditQueries.record(
            database, at: at, actor: actor, action: "channel.activate", target: "channel/\(channel)",
            detail: JSONText.object(["skin": .string(skin), "version": .optional(version), "activationCount": .int(current + 1)])
        )
        try EventQueries.append(database, kind: .activate, skin: skin, version: version, channel: channel, at: at)
        return try get(database, name: channel, includeHistory: true)
    }

    /// One channel, with its history when asked.
    /// - Throws: ``StoreError/notFound(_:)``.
    static func get(_ database: any SQLDatabase, name: String, includeHistory: Bool) throws -> Channel {
        guard
            let (id, channel) = try database.queryFirst(
                "SELECT \(channelColumns) FROM channels c JOIN skins s ON s.id = c.skin_id WHERE c.name = ?", [.text(name)], row: readChannel
            )
        else {
            throw StoreError.notFound(.channel(name))
        }
        return includeHistory ? try withHistory(database, id: id, channel) : channel
    }

    /// Every channel by name, each with its history when asked.
    static func list(_ database: any SQLDatabase, includeHistory: Bool) throws -> [Channel] {
        let rows = try database.query("SELECT \(channelColumns) FROM channels c JOIN skins s ON s.id = c.skin_id ORDER BY c.name", [], row: readChannel)
        return try rows.map { includeHistory ? try withHistory(database, id: $0.id, $0.channel) : $0.channel }
    }

    private static func withHistory(_ database: any SQLDatabase, id: Int64, _ channel: Channel) throws -> Channel {
        let history = try database.query(
            "SELECT skin, version, actor, at FROM channel_activations WHERE channel_id = ? ORDER BY id", [.integer(id)]
        ) {
            ChannelActivation(skin: $0.string(0), version: $0.optionalInt(1), actor: $0.string(2), at: $0.string(3))
        }
        return Channel(
            name: channel.name, skin: channel.skin, version: channel.version, activationCount: channel.activationCount,
            createdAt: channel.createdAt, updatedAt: channel.updatedAt, history: history
        )
    }
}
