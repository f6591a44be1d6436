/// The change sequence (`events`): appended by every write, polled by every process.
enum EventQueries {
    /// Appends an event. Call inside the write's transaction.
    static func append(_ database: any SQLDatabase, kind: StoreEvent.Kind, skin: String, version: Int?, channel: String?, at: String) throws {
        try insert(database, StoreEvent(seq: 0, kind: kind, skin: skin, version: version, channel: channel, at: at))
    }

    /// Appends a step of change request `request` (kind `review`). Call inside the write's transaction.
    static func appendReview(
        _ database: any SQLDatabase, request: Int, action: ChangeRequest.Action.Kind, skin: String, channel: String, at: String
    ) throws {
        try insert(database, StoreEvent(
            seq: 0, kind: .review, skin: skin, version: nil, channel: channel, at: at, changeRequest: request, action: action.rawValue))
    }

    /// Writes the event and, in the same transaction, its webhook deliveries (the outbox,
    /// docs/api.md "Webhooks"): a change is committed with everyone it is to be told to, or not at all.
    private static func insert(_ database: any SQLDatabase, _ event: StoreEvent) throws {
        let seq = try database.queryFirst(
            "INSERT INTO events (kind, skin, version, channel, at, request_id, action) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq",
            [
                .text(event.kind.rawValue), .text(event.skin), SQLValue(event.version), SQLValue(event.channel), .text(event.at),
                SQLValue(event.changeRequest), SQLValue(event.action),
            ]
        ) { $0.int(0) } ?? 0
        // Drafts are designers' work in progress, left out of the public feed and of webhooks.
        guard event.kind.isPublic else { return }
        try WebhookQueries.enqueue(database, StoreEvent(
            seq: seq, kind: event.kind, skin: event.skin, version: event.version, channel: event.channel, at: event.at,
            changeRequest: event.changeRequest, action: event.action))
    }

    /// Events with `seq > after`, oldest first, at most `limit`. `includingDrafts` false: without
    /// the `draft` events, which only designers may see (the public change feed).
    static func list(_ database: any SQLDatabase, after: Int, limit: Int, includingDrafts: Bool = true) throws -> [StoreEvent] {
        try database.query(
            "SELECT \(columns()) FROM events WHERE seq > ?" + (includingDrafts ? "" : " AND kind <> 'draft'") + " ORDER BY seq LIMIT ?",
            [SQLValue(after), SQLValue(max(0, limit))]
        ) { event($0, from: 0) }
    }

    /// The columns ``event(_:from:)`` reads, of the events table (aliased `alias` in a join).
    static func columns(_ alias: String? = nil) -> String {
        let prefix = alias.map { $0 + "." } ?? ""
        return ["seq", "kind", "skin", "version", "channel", "at", "request_id", "action"].map { prefix + $0 }.joined(separator: ", ")
    }

    /// The event in a row's ``columns(_:)``, starting at column `first`.
    static func event(_ row: any SQLRow, from first: Int32) -> StoreEvent {
        StoreEvent(
            seq: row.int(first),
            // The CHECK constraint admits only the kinds `Kind` names.
            kind: StoreEvent.Kind(rawValue: row.string(first + 1)) ?? .publish,
            skin: row.string(first + 2), version: row.optionalInt(first + 3), channel: row.optionalString(first + 4),
            at: row.string(first + 5), changeRequest: row.optionalInt(first + 6), action: row.optionalString(first + 7))
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
