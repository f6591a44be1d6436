/// Webhooks and their outbox (docs/api.md, "Webhooks"). Every function runs inside a
/// transaction opened by ``SkinStore``.
///
/// A delivery row is written with the event it tells of (``enqueue(_:_:)``, called by
/// ``EventQueries``), so what is committed is told and what is rolled back is not; the body sent
/// is that event as the change feed shows it, rendered by the server. Processes
/// claim due rows before sending (``claimDue(_:owner:now:leaseUntil:limit:)``): the claim is one
/// `UPDATE` whose `WHERE` re-checks that the row is unclaimed, so of two processes racing for a
/// row (SQLite serialises them; PostgreSQL re-evaluates the condition on the row the first one
/// updated) only one sends it.
enum WebhookQueries {
    // MARK: Webhooks

    /// Registers a webhook; audited (`webhook.create`, never the secret).
    static func create(
        _ database: any SQLDatabase, url: String, events: [String]?, secret: String, actor: String, now: String
    ) throws -> Webhook {
        let stored = events.map { "," + $0.joined(separator: ",") + "," } ?? "*"
        let id = try database.queryFirst(
            "INSERT INTO webhooks (url, events, secret, created_by, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
            [.text(url), .text(stored), .text(secret), .text(actor), .text(now)]
        ) { $0.int(0) } ?? 0
        try AuditQueries.record(
            database, at: now, actor: actor, action: "webhook.create", target: "webhook/\(id)",
            detail: JSONText.object(["url": .string(url), "events": .string(events?.joined(separator: ",") ?? "*")]))
        return Webhook(id: id, url: url, events: events, createdBy: actor, createdAt: now)
    }

    /// The registered webhooks, oldest first.
    static func list(_ database: any SQLDatabase) throws -> [Webhook] {
        try database.query("SELECT id, url, events, created_by, created_at FROM webhooks WHERE deleted = 0 ORDER BY id", []) { row in
            Webhook(id: row.int(0), url: row.string(1), events: events(row.string(2)), createdBy: row.string(3), createdAt: row.string(4))
        }
    }

    /// Removes a webhook; its pending deliveries fail (nothing more is sent). Audited.
    /// - Throws: ``StoreError/notFound(_:)``.
    static func delete(_ database: any SQLDatabase, id: Int, actor: String, now: String) throws {
        guard try database.scalarInt("SELECT count(*) FROM webhooks WHERE id = ? AND deleted = 0", [SQLValue(id)]) == 1 else {
            throw StoreError.notFound(.webhook(id))
        }
        try database.run("UPDATE webhooks SET deleted = 1 WHERE id = ?", [SQLValue(id)])
        try database.run(
            "UPDATE webhook_deliveries SET state = 'failed', finished_at = ? WHERE webhook_id = ? AND state = 'pending'",
            [.text(now), SQLValue(id)])
        try AuditQueries.record(database, at: now, actor: actor, action: "webhook.delete", target: "webhook/\(id)", detail: "{}")
    }

    // MARK: The outbox

    /// Writes a delivery of `event` for every webhook that asked for its kind.
    static func enqueue(_ database: any SQLDatabase, _ event: StoreEvent) throws {
        try database.run(
            """
            INSERT INTO webhook_deliveries (webhook_id, event_seq, kind, next_attempt_at, created_at)
                SELECT id, ?, ?, ?, ? FROM webhooks WHERE deleted = 0 AND (events = '*' OR events LIKE ?)
            """,
            [SQLValue(event.seq), .text(event.kind.rawValue), .text(event.at), .text(event.at), .text("%," + event.kind.rawValue + ",%")])
    }

    /// The earliest time a pending delivery is due, nil when none is pending: one cheap indexed
    /// read, so that a process with nothing to send takes no write lock.
    static func nextDue(_ database: any SQLDatabase) throws -> String? {
        try database.scalarString("SELECT min(next_attempt_at) FROM webhook_deliveries WHERE state = 'pending'")
    }

    /// Claims up to `limit` due deliveries for `owner` until `leaseUntil` and returns them.
    static func claimDue(
        _ database: any SQLDatabase, owner: String, now: String, leaseUntil: String, limit: Int
    ) throws -> [ClaimedDelivery] {
        let unclaimed = "state = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)"
        let ids = try database.query(
            """
            UPDATE webhook_deliveries SET claimed_by = ?, claimed_until = ?
            WHERE id IN (SELECT id FROM webhook_deliveries WHERE \(unclaimed) ORDER BY next_attempt_at, id LIMIT ?) AND \(unclaimed)
            RETURNING id
            """,
            [.text(owner), .text(leaseUntil), .text(now), .text(now), SQLValue(limit), .text(now), .text(now)]
        ) { $0.int(0) }
        guard !ids.isEmpty else { return [] }
        return try database.query(
            """
            SELECT d.id, w.url, w.secret, d.attempts, d.created_at, \(EventQueries.columns("e"))
            FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN events e ON e.seq = d.event_seq
            WHERE d.id IN (\(ids.map { _ in "?" }.joined(separator: ", "))) ORDER BY d.id
            """,
            ids.map { SQLValue($0) }
        ) { row in
            ClaimedDelivery(
                id: row.int(0), url: row.string(1), secret: row.string(2), event: EventQueries.event(row, from: 5), attempts: row.int(3),
                createdAt: Timestamp.milliseconds(fromRFC3339: row.string(4)) ?? 0)
        }
    }

    /// Records an attempt of a delivery `owner` claimed: delivered, to be tried again at `retryAt`,
    /// or (neither) failed for good. A delivery no longer claimed by `owner` is left alone.
    static func finish(
        _ database: any SQLDatabase, id: Int, owner: String, status: Int?, error: String?, milliseconds: Int, delivered: Bool,
        retryAt: String?, now: String
    ) throws {
        guard let attempts = try database.queryFirst(
            "SELECT attempts FROM webhook_deliveries WHERE id = ? AND claimed_by = ? AND state = 'pending'", [SQLValue(id), .text(owner)],
            row: { $0.int(0) })
        else { return }
        try database.run(
            "INSERT INTO webhook_attempts (delivery_id, n, at, status, error, milliseconds) VALUES (?, ?, ?, ?, ?, ?)",
            [SQLValue(id), SQLValue(attempts + 1), .text(now), SQLValue(status), SQLValue(error), SQLValue(milliseconds)])
        let state = delivered ? "delivered" : retryAt == nil ? "failed" : "pending"
        try database.run(
            """
            UPDATE webhook_deliveries SET attempts = attempts + 1, state = ?, next_attempt_at = ?, claimed_by = NULL, claimed_until = NULL,
                finished_at = ? WHERE id = ?
            """,
            [.text(state), .text(retryAt ?? now), state == "pending" ? .null : .text(now), SQLValue(id)])
    }

    /// A webhook's deliveries, newest first, at most `limit`, each with its attempts.
    /// - Throws: ``StoreError/notFound(_:)``.
    static func deliveries(_ database: any SQLDatabase, webhook: Int, limit: Int) throws -> [WebhookDelivery] {
        guard try database.scalarInt("SELECT count(*) FROM webhooks WHERE id = ? AND deleted = 0", [SQLValue(webhook)]) == 1 else {
            throw StoreError.notFound(.webhook(webhook))
        }
        let rows = try database.query(
            """
            SELECT id, event_seq, kind, state, next_attempt_at, created_at, finished_at FROM webhook_deliveries
            WHERE webhook_id = ? ORDER BY id DESC LIMIT ?
            """,
            [SQLValue(webhook), SQLValue(limit)]
        ) { row in
            (id: row.int(0), seq: row.int(1), kind: row.string(2), state: row.string(3), next: row.string(4), created: row.string(5),
             finished: row.optionalString(6))
        }
        guard !rows.isEmpty else { return [] }
        let attempts = try database.query(
            "SELECT delivery_id, n, at, status, error, milliseconds FROM webhook_attempts WHERE delivery_id IN ("
                + rows.map { _ in "?" }.joined(separator: ", ") + ") ORDER BY delivery_id, n",
            rows.map { SQLValue($0.id) }
        ) { row in
            (row.int(0), WebhookDelivery.Attempt(
                number: row.int(1), at: row.string(2), status: row.optionalInt(3), error: row.optionalString(4), milliseconds: row.int(5)))
        }
        let byDelivery = Dictionary(grouping: attempts, by: \.0).mapValues { $0.map(\.1) }
        return rows.map { row in
            WebhookDelivery(
                id: row.id, webhookID: webhook, eventSeq: row.seq, kind: row.kind, state: WebhookDelivery.State(rawValue: row.state) ?? .pending,
                nextAttemptAt: row.next, createdAt: row.created, finishedAt: row.finished, attempts: byDelivery[row.id] ?? [])
        }
    }

    private static func events(_ stored: String) -> [String]? {
        stored == "*" ? nil : stored.split(separator: ",").map(String.init)
    }
}
