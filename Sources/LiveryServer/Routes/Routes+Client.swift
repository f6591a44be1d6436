import HTTPEngine
import SkinModel
import SkinStore

/// docs/api.md, "Reading skins": what apps read. Public unless `auth.publicReads` is false.
extension Routes {
    func registerClientRoutes(_ router: inout HTTPRouter) {
        addRead("/v1/channels/{channel}/skin", to: &router) { request, parameters, context in
            readDocument(.channel(parameters["channel"]!), request, context)
        }
        addRead("/v1/skins/{skin}/resolved", to: &router) { request, parameters, context in
            readDocument(.latest(skin: parameters["skin"]!), request, context)
        }
        addRead("/v1/skins/{skin}/versions/{n}/resolved", to: &router) { request, parameters, context in
            guard let number = Int(parameters["n"]!), number >= 1 else {
                return .respond(Problem.notFound("Versions are numbered from 1.").response)
            }
            return readDocument(.version(skin: parameters["skin"]!, number: number), request, context)
        }
        addRead("/v1/events", to: &router) { request, _, context in
            let query: EventFeed.Query
            do throws(Problem) {
                query = try events.query(request)
            } catch {
                return .respond(error.response)
            }
            let deferred = context.deferResponse(timeout: query.wait > 0 ? .seconds(query.wait) : nil)
            let (events, authenticator, needsToken) = (self.events, self.authenticator, readsNeedToken)
            Task {
                do throws(Problem) {
                    if needsToken { try await authenticator.requireReader(request) }
                    await events.serve(query, deferred: deferred)
                } catch {
                    deferred.respond(error.response)
                }
            }
            return .deferred
        }
        addRead("/v1/components", to: &router) { request, _, _ in
            .respond(Self.componentCatalog.response(for: request))
        }
        addRead("/v1/assets/{sha256}", to: &router) { request, parameters, context in
            serveAsset(parameters["sha256"]!, request, context)
        }
    }

    /// The built-in component catalog: fixed for the life of the binary, so rendered once.
    static let componentCatalog = CachedDocument(canonicalBytes: CanonicalJSON.encode(ComponentCatalog.builtIn.json), versionLabel: nil)

    /// A resolved document, public or behind a reader token.
    private func readDocument(_ target: DocumentView.Target, _ request: HTTPRequest, _ context: HTTPRequestContext) -> HTTPHandlerResult {
        guard readsNeedToken, !authenticator.cachedReader(request) else {
            return resolvedDocuments.handle(target: target, request: request, context: context)
        }
        let authenticator = self.authenticator
        return resolvedDocuments.handleDeferred(target: target, request: request, context: context) { () async throws(Problem) in
            try await authenticator.requireReader(request)
        }
    }
}
