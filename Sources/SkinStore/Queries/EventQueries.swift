/// The change sequence (`events`): appended by every write, polled by every process.
enum EventQueries {
    /// Appends an event. Call inside the write's transaction.
    static func append(_ database: SQLiteConnection, kind: StoreEvent.Kind, skin: String, version: Int?, channel: String?, at: String) throws {
        try database.run(
            "INSERT INTO events (kind, skin, version, channel, at) VALUES (?, ?, ?, ?, ?)",
            [.text(kind.rawValue), .text(skin), SQLiteValue(version), SQLiteValue(channel), .text(at)]
        )
    }

    /// Events with `seq > after`, oldest first, at most `limit`.
    static func list(_ database: SQLiteConnection, after: Int, limit: Int) throws -> [StoreEvent] {
        try database.query(
            "SELECT seq, kind, skin, version, channel, at FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
            [SQLiteValue(after), SQLiteValue(max(0, limit))]
        ) {
            StoreEvent(
                seq: $0.int(0),
                // The CHECK constraint admits only the three kinds.
                kind: StoreEvent.Kind(rawValue: $0.string(1)) ?? .publish,
                skin: $0.string(2), version: $0.optionalInt(3), channel: $0.optionalString(4), at: $0.string(5)
            )
        }
    }

    /// The highest seq ever assigned (0 when none). Read from `sqlite_sequence`, which
    /// AUTOINCREMENT maintains, so it stays right even if old events are pruned.
    static func currentSequence(_ database: SQLiteConnection) throws -> Int {
        // sqlite_sequence exists once any AUTOINCREMENT table exists, which m0001 guarantees.
        try database.scalarInt("SELECT seq FROM sqlite_sequence WHERE name = 'events'") ?? 0
    }
}
