import HTTPEngine

/// Runs a route's store-backed work off the event loop and answers when it is done.
///
/// The loop thread only defers the request; the body runs as a task (the store hops to its own
/// queues for SQLite), and its response — or the `Problem` it threw — is handed back to the
/// connection's loop by the engine.
enum DeferredWork {
    static func respond(
        _ context: HTTPRequestContext, _ body: @escaping @Sendable () async throws(Problem) -> HTTPResponse
    ) -> HTTPHandlerResult {
        let deferred = context.deferResponse()
        Task {
            do throws(Problem) {
                deferred.respond(try await body())
            } catch {
                deferred.respond(error.response)
            }
        }
        return .deferred
    }
}
