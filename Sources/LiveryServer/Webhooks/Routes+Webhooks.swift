import HTTPEngine
import SkinModel
import SkinStore

/// docs/api.md, "Webhooks": admins register endpoints told of changes; deliveries are sent by
/// ``WebhookDispatcher`` from the store's outbox, never on a request's path.
extension Routes {
    /// The kinds a webhook may ask for: the public change feed's (drafts are left out of it).
    static let webhookEvents = StoreEvent.Kind.allCases.filter(\.isPublic).map(\.rawValue)
    /// Most webhooks registered at once.
    static let maxWebhooks = 100

    func registerWebhookRoutes(_ router: inout RouteTable) {
        router.post("/v1/webhooks") { request, _, context in
            authorized(.admin, request, context) { token async throws(Problem) in
                let body = try WebhookBody(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
                do throws(WebhookTargetError) {
                    try WebhookTarget(url: body.url).checkedAddress(allowPrivate: configuration.webhooksAllowPrivateTargets)
                } catch {
                    throw Problem(status: 422, slug: "invalid-webhook-url", title: "Webhook URL refused", detail: error.message + ".")
                }
                let store = self.store
                let count = try await storeCall { try await store.webhooks() }.count
                guard count < Self.maxWebhooks else {
                    throw Problem.limitExceeded("At most \(Self.maxWebhooks) webhooks may be registered (docs/operations.md, \"Limits\"); delete some first.")
                }
                let webhook = try await storeCall {
                    try await store.createWebhook(url: body.url, events: body.events, secret: body.secret, actor: token.name)
                }
                logger.info("webhook registered", metadata: ["webhook": "\(webhook.id)", "token": "\(token.name)"])
                return JSONResponse.make(.created, webhook.json, headers: [HTTPField("Location", "/v1/webhooks/\(webhook.id)")])
            }
        }
        router.get("/v1/webhooks") { request, _, context in
            authorized(.admin, request, context) { _ async throws(Problem) in
                let webhooks = try await storeCall { try await store.webhooks() }
                return JSONResponse.make(.ok, .object(["webhooks": .array(webhooks.map(\.json))]))
            }
        }
        router.delete("/v1/webhooks/{id}") { request, parameters, context throws(Problem) in
            return authorized(.admin, request, context) { token async throws(Problem) in
                let number = try parameters.number("id", of: "Webhooks")
                try await storeCall { try await store.deleteWebhook(number, actor: token.name) }
                return HTTPResponse(status: .noContent)
            }
        }
        router.get("/v1/webhooks/{id}/deliveries") { request, parameters, context throws(Problem) in
            return authorized(.admin, request, context) { _ async throws(Problem) in
                let number = try parameters.number("id", of: "Webhooks")
                let deliveries = try await storeCall { try await store.webhookDeliveries(number) }
                return JSONResponse.make(.ok, .object(["webhook": .int(number), "deliveries": .array(deliveries.map(\.json))]))
            }
        }
    }
}

/// `POST /v1/webhooks {"url", "events": [...] or ["*"], "secret"}`.
struct WebhookBody: Sendable {
    var url: String
    /// nil for every kind.
    var events: [String]?
    var secret: String

    /// - Throws: `Problem` 400 for a malformed body, 422 naming `events` for an unknown kind.
    init(_ body: [UInt8]) throws(Problem) {
        let shape = "{\"url\": \"https://…\", \"events\": [kinds of the change feed] or [\"*\"], \"secret\": at least 16 characters}"
        guard case .object(let object)? = try? JSONParser.parse(body) else { throw Problem.badRequest("The body must be \(shape).") }
        if let unknown = object.keys.first(where: { !["url", "events", "secret"].contains($0) }) {
            throw Problem.badRequest("Unknown member \"\(unknown)\"; the body must be \(shape).")
        }
        guard case .string(let url)? = object["url"] else { throw Problem.badRequest("url must be the endpoint's URL; the body must be \(shape).") }
        guard case .string(let secret)? = object["secret"], (16...256).contains(secret.utf8.count) else {
            throw Problem.badRequest("secret must be 16 to 256 characters: the receiver checks each delivery's signature with it.")
        }
        guard case .array(let list)? = object["events"], !list.isEmpty else {
            throw Problem.badRequest("events must list the change feed's kinds (\(Routes.webhookEvents.joined(separator: ", "))) or be [\"*\"].")
        }
        var events: [String] = []
        for item in list {
            guard case .string(let kind) = item, kind == "*" || Routes.webhookEvents.contains(kind) else {
                throw Problem(
                    status: 422, slug: "invalid-webhook-events", title: "Unknown event kind",
                    detail: "events: \(item) is not a kind of the change feed; use \(Routes.webhookEvents.joined(separator: ", ")) or \"*\".")
            }
            if !events.contains(kind) { events.append(kind) }
        }
        self.url = url
        self.secret = secret
        self.events = events.contains("*") ? nil : events
    }
}

extension Webhook {
    /// `{id, url, events, createdBy, createdAt}`: never the secret.
    var json: JSONValue {
        .object(JSONObject([
            ("id", .int(id)), ("url", .string(url)), ("events", .array((events ?? ["*"]).map(JSONValue.string))),
            ("createdBy", .string(createdBy)), ("createdAt", .string(createdAt)),
        ]))
    }
}

extension WebhookDelivery {
    /// `{id, event, kind, state, attempts: [{n, at, status, error, milliseconds}], nextAttemptAt, createdAt, finishedAt}`.
    var json: JSONValue {
        var object = JSONObject([
            ("id", .int(id)), ("event", .int(eventSeq)), ("kind", .string(kind)), ("state", .string(state.rawValue)),
            ("attempts", .array(attempts.map { attempt in
                .object(JSONObject([
                    ("n", .int(attempt.number)), ("at", .string(attempt.at)), ("status", attempt.status.map { .int($0) } ?? .null),
                    ("error", attempt.error.map(JSONValue.string) ?? .null), ("milliseconds", .int(attempt.milliseconds)),
                ]))
            })),
            ("createdAt", .string(createdAt)),
        ])
        object["nextAttemptAt"] = state == .pending ? .string(nextAttemptAt) : .null
        object["finishedAt"] = finishedAt.map(JSONValue.string) ?? .null
        return .object(object)
    }
}
