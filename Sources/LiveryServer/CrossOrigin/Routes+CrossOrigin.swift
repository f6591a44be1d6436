import HTTPEngine

/// The client reads of docs/api.md, "Reading skins" are registered through `addRead`, so that each of them, and only
/// they, answer browsers on the origins `http.corsAllowOrigins` lists.
extension Routes {
    /// Registers `handler` for `GET` (and `HEAD`) of `pattern` as a client read: with CORS on, its
    /// answers (immediate, deferred, errors included) carry the policy's fields for the request's
    /// `Origin`, and `OPTIONS` answers preflights. With CORS off it is a plain `GET` route.
    func addRead(_ pattern: String, to router: inout RouteTable, _ handler: @escaping RouteTable.Handler) {
        guard let crossOrigin else {
            router.get(pattern, handler)
            return
        }
        router.get(pattern) { request, parameters, context throws(Problem) in
            context.addResponseFields(crossOrigin.fields(for: request))
            return try handler(request, parameters, context)
        }
        router.add(.options, pattern) { request, _, _ in
            .respond(crossOrigin.preflight(for: request))
        }
    }
}
