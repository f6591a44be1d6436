/// Webhooks (docs/api.md, "Webhooks"): registrations and the durable outbox their deliveries
/// are sent from. The queries are ``WebhookQueries``; the sending is the server's.
extension SkinStore {
    /// Registers a webhook for `events` (nil: every kind). Audited.
    package func createWebhook(url: String, events: [String]?, secret: String, actor: String) async throws -> Webhook {
        try await write { database, now in
            try WebhookQueries.create(database, url: url, events: events, secret: secret, actor: actor, now: now)
        }
    }

    /// The registered webhooks, oldest first.
    package func webhooks() async throws -> [Webhook] {
        try await read { try WebhookQueries.list($0) }
    }

    /// Removes a webhook; nothing more is sent to it. - Throws: ``StoreError/notFound(_:)``.
    package func deleteWebhook(_ id: Int, actor: String) async throws {
        try await write { database, now in try WebhookQueries.delete(database, id: id, actor: actor, now: now) }
    }

    /// A webhook's latest deliveries with their attempts. - Throws: ``StoreError/notFound(_:)``.
    package func webhookDeliveries(_ id: Int, limit: Int = 100) async throws -> [WebhookDelivery] {
        try await read { try WebhookQueries.deliveries($0, webhook: id, limit: limit) }
    }

    /// When the earliest pending delivery is due (milliseconds since 1970), nil when none is pending.
    package func nextWebhookDeliveryDue() async throws -> Int64? {
        try await read { try WebhookQueries.nextDue($0) }.flatMap { Timestamp.milliseconds(fromRFC3339: $0) }
    }

    /// Claims up to `limit` deliveries due by `now` (milliseconds since 1970) for `owner`, for
    /// `lease` milliseconds: no other process sends them meanwhile.
    package func claimDueWebhookDeliveries(owner: String, now: Int64, lease: Int64, limit: Int) async throws -> [ClaimedDelivery] {
        try await write { database, _ in
            try WebhookQueries.claimDue(
                database, owner: owner, now: Timestamp.format(millisecondsSince1970: now),
                leaseUntil: Timestamp.format(millisecondsSince1970: now + lease), limit: limit)
        }
    }

    /// Records one attempt of a delivery `owner` claimed (see ``WebhookQueries/finish``).
    package func finishWebhookAttempt(
        _ id: Int, owner: String, status: Int?, error: String?, milliseconds: Int, delivered: Bool, retryAt: Int64?, now: Int64
    ) async throws {
        try await write { database, _ in
            try WebhookQueries.finish(
                database, id: id, owner: owner, status: status, error: error, milliseconds: milliseconds, delivered: delivered,
                retryAt: retryAt.map { Timestamp.format(millisecondsSince1970: $0) }, now: Timestamp.format(millisecondsSince1970: now))
        }
    }
}
