import HTTPEngine
import SkinModel
import SkinStore

/// docs/operations.md, "Health and metrics": what operators and their load balancers ask.
extension Routes {
    func registerOperatorRoutes(_ router: inout RouteTable) {
        router.get("/healthz") { _, _, _ in
            .respond(JSONResponse.make(.ok, .object(["status": .string("ok")])))
        }
        router.get("/readyz") { _, _, context in
            let store = self.store
            // A balancer stops sending traffic here before the listener closes (shutdown.drainDelay).
            guard !server.isDraining else {
                return .respond(Problem.serviceUnavailable("The server is draining before it stops.").response)
            }
            return DeferredWork.respond(context) { () async throws(Problem) -> HTTPResponse in
                let readiness = await store.readiness()
                guard case .ready = readiness else {
                    throw Problem.serviceUnavailable("The database is not ready: \(readiness).")
                }
                return JSONResponse.make(.ok, .object(["status": .string("ready"), "database": .string("ok")]))
            }
        }
        router.get("/metrics") { request, _, context in
            let render: @Sendable () -> HTTPResponse = { [metrics, longPolls, documents, events, server, fleet, contractCache, lane, self] in
                let counters = documents.counters
                let text = metrics.render(
                    openConnections: server.openConnections, waitingLongPolls: longPolls.count + events.count,
                    cacheHits: counters.hits, cacheMisses: counters.misses) + fleet.recorder.metricsText + contractCache.metricsText
                    + lane.metricsText + cacheMetricsText
                return HTTPResponse(
                    status: .ok, headers: [HTTPField("Content-Type", "text/plain; version=0.0.4; charset=utf-8")], text: text)
            }
            guard configuration.metricsRequireToken else { return .respond(render()) }
            return authorized(.reader, request, context) { _ in render() }
        }
        router.get("/openapi.json") { request, _, _ in
            .respond(Self.openAPIDocument.response(for: request))
        }
    }

    /// The OpenAPI 3.1 document shipped in the repository, embedded in the binary.
    static let openAPIDocument = CachedDocument(canonicalBytes: PackageResources.openapi_json, versionLabel: nil)
}
