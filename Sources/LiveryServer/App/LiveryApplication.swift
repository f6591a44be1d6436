import Foundation
import HTTPEngine
import Logging
import SkinStore
import Synchronization

/// A running Livery server: the store, the document cache, the long-poll hub, the routes and
/// the HTTP engine, wired together. The `livery serve` command and the tests build the very same
/// object through `start(configuration:logger:)`.
///
/// ```swift
/// let app = try await LiveryApplication.start(configuration: configuration, logger: logger)
/// print("listening on http://\(configuration.host):\(app.port)")
/// …
/// await app.shutdown()
/// ```
package final class LiveryApplication: Sendable {
    /// The routes and everything they share (store, caches, long-polls, metrics).
    let routes: Routes
    let server: HTTPServer
    private let monitor: any ChangeMonitor
    private let shutdownStarted = Atomic<Bool>(false)
    private let schedules: ScheduleRunner
    /// Sends webhook deliveries (docs/api.md, "Webhooks").
    let webhooks: WebhookDispatcher

    package var configuration: LiveryConfiguration { routes.configuration }
    package var store: SkinStore { routes.store }
    var longPolls: LongPollHub { routes.longPolls }

    /// The port the server listens on (the real one when configured with port 0).
    package var port: Int { server.port }
    /// Event loops running (configured, or one per CPU the process may use).
    package var eventLoops: Int { server.configuration.loopCount }
    /// How the event loops wait for readiness (`http.eventBackend`).
    package var eventBackend: HTTPEventBackend { server.configuration.eventBackend }

    private init(routes: Routes, server: HTTPServer, monitor: any ChangeMonitor, schedules: ScheduleRunner, webhooks: WebhookDispatcher) {
        self.routes = routes
        self.server = server
        self.monitor = monitor
        self.schedules = schedules
        self.webhooks = webhooks
    }

    /// Opens the database (applying migrations), seeds the demo skin on a fresh database when
    /// configured, starts watching for changes from any process, and starts listening.
    ///
    /// - Throws: store errors (including an edited migration), `HTTPServerError` when the
    ///   address cannot be bound.
    package static func start(configuration: LiveryConfiguration, logger: Logger) async throws -> LiveryApplication {
        let store = try await SkinStore.open(backend: configuration.storeBackend, logger: logger)
        if configuration.seedDemo {
            try await DemoSkin.seedIfEmpty(store, logger: logger)
        }
        let lane = HeavyLane(
            slots: configuration.laneHeavyJobs > 0 ? configuration.laneHeavyJobs : AvailableCPUs.count,
            queueLimit: configuration.laneQueue, deadline: .milliseconds(Int(configuration.laneDeadline * 1000)))
        let documents = DocumentService(
            store: store, logger: logger, budget: CacheBudget(total: configuration.cacheMaxBytes), cacheControl: configuration.launchCacheControl,
            lane: lane)
        let longPollBudget = LongPollBudget(limit: configuration.effectiveMaxWaiters)
        let longPolls = LongPollHub(budget: longPollBudget)
        let events = EventFeed(store: store, maxWait: Int(configuration.maxWait), budget: longPollBudget)
        let metrics = ServerMetrics()
        let routes = Routes(
            configuration: configuration, store: store, documents: documents, longPolls: longPolls,
            events: events, metrics: metrics, logger: logger)
        let server = HTTPServer(
            configuration: configuration.httpServerConfiguration, handler: routes.router,
            observer: RequestLogger(logger: logger, metrics: metrics), logger: logger)
        routes.server.set(server)
        let monitor = try await store.changeMonitor(
            interval: .milliseconds(Int(configuration.changePollInterval * 1000))
        ) { [routes] changes in
            routes.storeChanged(changes)
        }
        // Schedules missed while no process ran are carried out, and publishes whose gate never
        // settled are settled, before the first request.
        let schedules = ScheduleRunner(
            store: store, interval: .milliseconds(Int(configuration.changePollInterval * 1000)),
            // Both wait for a place in the heavy-work lane, never refused (the server's own work).
            gate: { [routes] schedule in try await routes.scheduleBlockReason(schedule) },
            settleOrphans: { [routes] cutoff in
                let changes = try await routes.settleUnsettledPublishes(madeBefore: cutoff)
                if !changes.isEmpty { routes.logger.warning("settled a publish's orphaned holds", metadata: ["changes": "\(changes.count)"]) }
            }, logger: logger)
        await schedules.start()
        routes.fleet.recorder.start()
        // Webhook deliveries leave from the outbox on their own task (docs/operations.md, "The webhook outbox").
        let webhooks = WebhookDispatcher(
            store: store, allowPrivateTargets: configuration.webhooksAllowPrivateTargets,
            trustedCertificates: configuration.webhooksTrustedCertificates, interval: .milliseconds(Int(configuration.changePollInterval * 1000)), logger: logger)
        webhooks.start()
        do {
            try server.start()
        } catch {
            // The address could not be bound: leave nothing running behind.
            schedules.stop()
            await webhooks.stop()
            await routes.fleet.recorder.stop()
            monitor.stop()
            await store.close()
            throw error
        }
        return LiveryApplication(routes: routes, server: server, monitor: monitor, schedules: schedules, webhooks: webhooks)
    }

    /// Graceful shutdown (docs/operations.md): stop accepting, answer held long-polls with 304, let
    /// in-flight requests finish within the grace period, then close the database.
    /// With `shutdown.drainDelay`, first drains for that long: `/readyz` answers 503 and every
    /// response closes its connection while the listener still accepts, so a balancer moves
    /// traffic away without a failed request; the grace period counts after the delay.
    /// Calling it again stops the engine at once (no grace) and leaves the rest to the first call.
    package func shutdown() async {
        guard !shutdownStarted.exchange(true, ordering: .relaxed) else {
            await server.shutdown(grace: .zero)
            return
        }
        if configuration.drainDelay > 0 {
            server.beginDraining()
            routes.logger.info("draining", metadata: ["drain_s": "\(configuration.drainDelay)"])
            try? await Task.sleep(for: .milliseconds(Int(configuration.drainDelay * 1000)))
        }
        await server.shutdown(grace: .milliseconds(Int(configuration.shutdownGrace * 1000)))
        schedules.stop()
        await webhooks.stop()
        // Counts held in memory are written before the database closes.
        await routes.fleet.recorder.stop()
        monitor.stop()
        await store.close()
    }
}

extension LiveryConfiguration {
    /// The engine's settings from Livery's.
    var httpServerConfiguration: HTTPServerConfiguration {
        var http = HTTPServerConfiguration()
        http.host = host
        http.port = port
        http.maxHeaderBytes = maxHeaderBytes
        http.maxBodyBytes = maxBodyBytes
        http.maxConnections = maxConnections
        http.maxBufferedBodyBytes = maxBufferedBodyBytes
        http.maxBufferedBodyBytesPerOwner = maxBufferedBodyBytesPerToken
        http.headerTimeout = .milliseconds(Int(headerTimeout * 1000))
        http.idleTimeout = .milliseconds(Int(idleTimeout * 1000))
        if eventLoops > 0 { http.loopCount = eventLoops }
        http.eventBackend = eventBackend
        return http
    }
}
