/// The change sequence (`events`): appended by every write, polled by every process.
enum EventQueries {
    /// Appends an event. Call inside the write's transaction.
    static func append(_ database: any SQLDatabase, kind: StoreEvent.Kind, skin: String, version: Int?, channel: String?, at: String) throws {
        try database.run(
            "INSERT INTO events (kind, skin, version, channel, at) VALUES (?, ?, ?, ?, ?)",
            [.text(kind.rawValue), .text(skin), SQLValue(version), SQLValue(channel), .text(at)]
        )
    }

    /// Appends a step of change request `request` (kind `review`). Call inside the write's transaction.
    static func appendReview(
        _ database: any SQLDatabase, request: Int, action: ChangeRequest.Action.Kind, skin: String, channel: String, at: String
    ) throws {
        try database.run(
            "INSERT INTO events (kind, skin, version, channel, at, request_id, action) VALUES ('review', ?, NULL, ?, ?, ?, ?)",
            [.text(skin), .text(channel), .text(at), SQLValue(request), .text(action.rawValue)])
    }

    /// Events with `seq > after`, oldest first, at most `limit`. `includingDrafts` false: without
    /// the `draft` events, which only designers may see (the public change feed).
    static func list(_ database: any SQLDatabase, after: Int, limit: Int, includingDrafts: Bool = true) throws -> [StoreEvent] {
        try database.query(
            "SELECT seq, kind, skin, version, channel, at, request_id, action FROM events WHERE seq > ?"
                + (includingDrafts ? "" : " AND kind <> 'draft'") + " ORDER BY seq LIMIT ?",
            [SQLValue(after), SQLValue(max(0, limit))]
        ) {
            StoreEvent(
                seq: $0.int(0),
                // The CHECK constraint admits only the kinds `Kind` names.
                kind: StoreEvent.Kind(rawValue: $0.string(1)) ?? .publish,
                skin: $0.string(2), version: $0.optionalInt(3), channel: $0.optionalString(4), at: $0.string(5),
                changeRequest: $0.optionalInt(6), action: $0.optionalString(7)
            )
        }
    }

    /// The highest seq committed so far (0 when none).
    ///
    /// SQLite: `sqlite_sequence`, which AUTOINCREMENT maintains, so it stays right even if old
    /// events are pruned (the read transaction sees only committed values). PostgreSQL: the
    /// highest row in this snapshot, *not* the identity sequence, which moves outside
    /// transactions: a monitor starting from a number taken by an uncommitted write would skip
    /// that write's event. Events are never pruned, so the two agree.
    static func currentSequence(_ database: any SQLDatabase) throws -> Int {
        switch database.dialect {
        case .sqlite:
            // sqlite_sequence exists once any AUTOINCREMENT table exists, which m0001 guarantees.
            try database.scalarInt("SELECT seq FROM sqlite_sequence WHERE name = 'events'") ?? 0
        case .postgresql:
            try database.scalarInt("SELECT coalesce(max(seq), 0) FROM events") ?? 0
        }
    }
}
