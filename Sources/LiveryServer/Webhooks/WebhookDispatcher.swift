import Foundation
import Logging
import SkinModel
import SkinStore
import Synchronization

/// Sends the outbox's due deliveries (docs/api.md, "Webhooks"; docs/operations.md, "The webhook
/// outbox"): on its own task, never on a request's path. Every `interval` it claims what is due
/// (so each delivery is sent by one process of those sharing the database), checks the target
/// again (a name re-pointed inside the network is refused), signs and sends each, and records
/// the attempt: delivered, or tried again after ``WebhookRetry`` (1 s, doubling, at most an hour
/// apart, for a day). Rows survive restarts: a claim lapses after ``lease``, and whichever
/// process comes next sends it.
final class WebhookDispatcher: Sendable {
    /// How long a claim keeps other processes off a delivery: longer than an attempt takes.
    static let lease: Int64 = 60_000
    /// Deliveries claimed per pass.
    static let batch = 16

    let store: SkinStore
    let sender: WebhookSender
    let allowPrivateTargets: Bool
    let interval: Duration
    let logger: Logger
    /// Milliseconds since 1970; injected by tests.
    let clock: @Sendable () -> Int64
    /// This process's name in claims.
    let owner = "livery-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    private let loop = Mutex<Task<Void, Never>?>(nil)
    private let sentCount = Atomic<Int>(0)

    init(
        store: SkinStore, allowPrivateTargets: Bool, trustedCertificates: String? = nil, interval: Duration, logger: Logger,
        clock: @escaping @Sendable () -> Int64 = { Timestamp.nowMilliseconds() }
    ) {
        self.store = store
        self.sender = WebhookSender(trustedCertificates: trustedCertificates)
        self.allowPrivateTargets = allowPrivateTargets
        self.interval = interval
        self.logger = logger
        self.clock = clock
    }

    /// Attempts made by this process (for `/metrics` and tests).
    var attempts: Int { sentCount.load(ordering: .relaxed) }

    func start() {
        loop.withLock { task in
            guard task == nil else { return }
            task = Task { [self] in
                while !Task.isCancelled {
                    await pass()
                    try? await Task.sleep(for: interval)
                }
            }
        }
    }

    /// Stops sending and waits for a pass in progress to end: an attempt under way is finished
    /// and recorded, and nothing is claimed after this returns.
    func stop() async {
        let running = loop.withLock { task -> Task<Void, Never>? in
            defer { task = nil }
            task?.cancel()
            return task
        }
        await running?.value
    }

    /// One pass: claims what is due and sends it, a batch at a time, until nothing is due.
    func pass() async {
        while !Task.isCancelled {
            let claimed: [ClaimedDelivery]
            do {
                // A read first: with nothing due (the usual case) no write lock is taken.
                guard let due = try await store.nextWebhookDeliveryDue(), due <= clock(), !Task.isCancelled else { return }
                claimed = try await store.claimDueWebhookDeliveries(owner: owner, now: clock(), lease: Self.lease, limit: Self.batch)
            } catch {
                logger.warning("webhook deliveries could not be claimed", metadata: ["error": "\(error)"])
                return
            }
            guard !claimed.isEmpty else { return }
            await withTaskGroup(of: Void.self) { group in
                for delivery in claimed { group.addTask { await self.send(delivery) } }
            }
        }
    }

    private func send(_ delivery: ClaimedDelivery) async {
        let started = clock()
        // The target is checked again and the connection made to the address checked (WebhookSender).
        let outcome = await sender.send(
            url: delivery.url, body: CanonicalJSON.encode(delivery.event.json), secret: delivery.secret, seconds: started / 1000, delivery: delivery.id,
            allowPrivate: allowPrivateTargets)
        sentCount.add(1, ordering: .relaxed)
        let now = clock()
        let retryAt = outcome.delivered ? nil : WebhookRetry.nextAttempt(afterFailedAttempts: delivery.attempts + 1, createdAt: delivery.createdAt, now: now)
        do {
            try await store.finishWebhookAttempt(
                delivery.id, owner: owner, status: outcome.status, error: outcome.error, milliseconds: Int(now - started),
                delivered: outcome.delivered, retryAt: retryAt, now: now)
        } catch {
            logger.warning("a webhook attempt could not be recorded", metadata: ["delivery": "\(delivery.id)", "error": "\(error)"])
        }
        logger.info(outcome.delivered ? "webhook delivered" : "webhook attempt failed", metadata: [
            "delivery": "\(delivery.id)", "status": "\(outcome.status.map(String.init) ?? "-")", "error": "\(outcome.error ?? "-")",
        ])
    }
}
