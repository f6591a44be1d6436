import HTTPEngine

/// The router as Livery's routes register on it: a handler reads its parameters typed
/// (``RouteParameters``) and may throw the ``Problem`` that answers the request, so a bad
/// parameter is one `try`, not a force-unwrap or a `do`/`catch` per route.
struct RouteTable {
    typealias Handler = @Sendable (HTTPRequest, RouteParameters, HTTPRequestContext) throws(Problem) -> HTTPHandlerResult

    /// The engine's router, every route added.
    private(set) var router = HTTPRouter()

    /// Adds (or replaces) the handler for `method` on `pattern` (`/v1/skins/{skin}`).
    mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        router.add(method, pattern) { request, parameters, context in
            do throws(Problem) {
                return try handler(request, RouteParameters(parameters), context)
            } catch {
                return .respond(error.response)
            }
        }
    }

    mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    mutating func post(_ pattern: String, _ handler: @escaping Handler) { add(.post, pattern, handler) }
    mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add(.delete, pattern, handler) }
}
