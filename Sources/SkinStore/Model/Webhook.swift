/// A registered webhook (docs/api.md, "Webhooks"): where changes are POSTed, and which.
package struct Webhook: Hashable, Sendable {
    package let id: Int
    package let url: String
    /// The change feed's kinds it is told of; nil for every kind (`*`).
    package let events: [String]?
    package let createdBy: String
    package let createdAt: String

    package init(id: Int, url: String, events: [String]?, createdBy: String, createdAt: String) {
        self.id = id
        self.url = url
        self.events = events
        self.createdBy = createdBy
        self.createdAt = createdAt
    }
}

/// One event to tell one webhook, and how telling it went (docs/api.md, "Webhooks").
package struct WebhookDelivery: Hashable, Sendable {
    package enum State: String, Hashable, Sendable {
        /// Not delivered yet; tried again at `nextAttemptAt`.
        case pending
        /// The receiver answered 2xx.
        case delivered
        /// Given up: no 2xx within ``WebhookRetry/giveUpAfter`` of the event, or the webhook was deleted.
        case failed
    }

    /// One try.
    package struct Attempt: Hashable, Sendable {
        package let number: Int
        package let at: String
        /// The receiver's status; nil when no answer came (`error` says why).
        package let status: Int?
        package let error: String?
        package let milliseconds: Int

        package init(number: Int, at: String, status: Int?, error: String?, milliseconds: Int) {
            self.number = number
            self.at = at
            self.status = status
            self.error = error
            self.milliseconds = milliseconds
        }
    }

    package let id: Int
    package let webhookID: Int
    package let eventSeq: Int
    package let kind: String
    package let state: State
    package let nextAttemptAt: String
    package let createdAt: String
    package let finishedAt: String?
    package let attempts: [Attempt]

    package init(
        id: Int, webhookID: Int, eventSeq: Int, kind: String, state: State, nextAttemptAt: String, createdAt: String,
        finishedAt: String?, attempts: [Attempt]
    ) {
        self.id = id
        self.webhookID = webhookID
        self.eventSeq = eventSeq
        self.kind = kind
        self.state = state
        self.nextAttemptAt = nextAttemptAt
        self.createdAt = createdAt
        self.finishedAt = finishedAt
        self.attempts = attempts
    }
}

/// A delivery a process has claimed and is to send now.
package struct ClaimedDelivery: Hashable, Sendable {
    package let id: Int
    package let url: String
    package let secret: String
    /// The event it tells of; its JSON, as the change feed shows it, is the request body.
    package let event: StoreEvent
    /// Attempts made before this one.
    package let attempts: Int
    /// When the event happened (milliseconds since 1970): retries stop ``WebhookRetry/giveUpAfter`` later.
    package let createdAt: Int64
}

/// When a failed delivery is tried again (docs/api.md, "Webhooks"): one second after the first
/// attempt, then twice as long each time, at most an hour apart, for a day.
package enum WebhookRetry {
    /// Longest wait between two attempts, milliseconds.
    package static let longestWait: Int64 = 3_600_000
    /// How long after the event attempts go on, milliseconds.
    package static let giveUpAfter: Int64 = 86_400_000

    /// The time of the next attempt after `attempts` failed ones (milliseconds since 1970), or
    /// nil when that would be past ``giveUpAfter`` from `createdAt`: the delivery has failed.
    package static func nextAttempt(afterFailedAttempts attempts: Int, createdAt: Int64, now: Int64) -> Int64? {
        // Twelve doublings (4,096 s) already pass the hour: more are never needed, nor overflow.
        let wait = min(longestWait, Int64(1000) << Int64(min(max(0, attempts - 1), 12)))
        let next = now + wait
        return next - createdAt > giveUpAfter ? nil : next
    }
}
