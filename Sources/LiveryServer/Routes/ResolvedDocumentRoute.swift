import HTTPEngine
import SkinStore
import SkinModel

/// `GET`/`HEAD` of a resolved document: the channel skin, a skin's latest, or one version.
///
/// The hot path of the whole server. When the view's document is cached (the usual case), the
/// handler answers on the event-loop thread with one of the document's prepared responses:
/// a lock, a hash lookup, encoding negotiation and an `If-None-Match` scan, no allocation of
/// bodies or heads. Otherwise it defers, resolves on other threads, and answers from there.
struct ResolvedDocumentRoute: Sendable {
    let documents: DocumentService
    let longPolls: LongPollHub
    let maxWait: Int
    /// Counts requests per app build (`client=`, docs/apps.md "Old builds in the field"); in memory only.
    var clients: ClientRecorder? = nil

    func handle(target: DocumentView.Target, request: HTTPRequest, context: HTTPRequestContext) -> HTTPHandlerResult {
        let view: DocumentView, query: DocumentQuery
        switch Self.view(of: target, request) {
        case .success(let found): (view, query) = found
        case .failure(let problem): return .respond(problem.response)
        }
        let (cached, generation) = documents.cached(view)
        let waitSeconds = min(query.waitSeconds ?? 0, maxWait)
        let coding = HTTPContentNegotiation.coding(for: request.headers)
        if let document = cached {
            count(query.client, view.target)
            let current = document.isCurrent(for: request)
            guard current, waitSeconds > 0 else {
                return .respond(Self.answer(document, coding: coding, notModified: current, isLongPoll: query.waitSeconds != nil))
            }
            let deferred = context.deferResponse(timeout: .seconds(waitSeconds))
            hold(view: view, document: document, coding: coding, waitSeconds: waitSeconds, deferred: deferred, generation: generation)
            return .deferred
        }
        return resolveDeferred(view: view, query: query, request: request, context: context, generation: generation, before: nil)
    }

    /// The same request when something must happen off the loop first (a token check): defers
    /// at once, runs `before`, then answers as `handle` would.
    func handleDeferred(
        target: DocumentView.Target, request: HTTPRequest, context: HTTPRequestContext,
        before: @escaping @Sendable () async throws(Problem) -> Void
    ) -> HTTPHandlerResult {
        let view: DocumentView, query: DocumentQuery
        switch Self.view(of: target, request) {
        case .success(let found): (view, query) = found
        case .failure(let problem): return .respond(problem.response)
        }
        return resolveDeferred(view: view, query: query, request: request, context: context, generation: documents.generation, before: before)
    }

    /// Counts a request of an app build (`client=`) once the channel or skin it names has its
    /// document for it, that is once the answer is a `200` or `304` (a long-poll is counted when it
    /// is held). A request refused before then — an unknown channel, skin or variant, a malformed
    /// query, a private read without a reader token — is never counted: what an anonymous request
    /// can make the server keep stays bounded by what exists (docs/apps.md, "Old builds in the field").
    /// (The view keeps `client` only for channel targets, where it selects a document; the skin
    /// routes count it too, on no channel.)
    private func count(_ client: ClientIdentity?, _ target: DocumentView.Target) {
        if let client { clients?.record(client, channel: target.channelName) }
    }

    /// An immediate answer: a launch gets the document's prepared response; a request that asked
    /// to wait (and did not need to) still gets a long-poll answer, `no-store` (docs/api.md, "Reading skins").
    private static func answer(_ document: CachedDocument, coding: HTTPContentCoding, notModified: Bool, isLongPoll: Bool) -> HTTPResponse {
        isLongPoll
            ? document.longPollResponse(coding: coding, notModified: notModified)
            : document.response(coding: coding, notModified: notModified)
    }

    /// The view a request asks for, from its target and query; a malformed query is a 400.
    /// OFREP evaluations build their view here too, from the query they translate their context to.
    static func view(of target: DocumentView.Target, _ request: HTTPRequest) -> Result<(DocumentView, DocumentQuery), Problem> {
        Result { () throws(Problem) in
            let query = try DocumentQuery(request)
            return (
                DocumentView(
                    target: target, variants: query.variants, format: query.format, explain: query.explain, bucket: query.bucket,
                    client: query.client),
                query
            )
        }
    }

    /// Resolves off the loop. A long-poll is deferred with its timeout now, so that it can be
    /// held as soon as the document is known.
    private func resolveDeferred(
        view: DocumentView, query: DocumentQuery, request: HTTPRequest, context: HTTPRequestContext,
        generation: UInt64, before: (@Sendable () async throws(Problem) -> Void)?
    ) -> HTTPHandlerResult {
        let waitSeconds = min(query.waitSeconds ?? 0, maxWait)
        let coding = HTTPContentNegotiation.coding(for: request.headers)
        let deferred = context.deferResponse(timeout: waitSeconds > 0 ? .seconds(waitSeconds) : nil)
        let route = self
        Task {
            do throws(Problem) {
                if let before { try await before() }
                let document = try await route.documents.document(for: view)
                route.count(query.client, view.target)
                let current = document.isCurrent(for: request)
                if current, waitSeconds > 0 {
                    route.hold(view: view, document: document, coding: coding, waitSeconds: waitSeconds, deferred: deferred, generation: generation)
                } else {
                    deferred.respond(Self.answer(document, coding: coding, notModified: current, isLongPoll: query.waitSeconds != nil))
                }
            } catch {
                deferred.respond(error.response)
            }
        }
        return .deferred
    }

    /// Holds a long-poll, then closes the race with a change that landed between looking the
    /// document up and registering: if the store moved on meanwhile, re-resolve now.
    private func hold(
        view: DocumentView, document: CachedDocument, coding: HTTPContentCoding, waitSeconds: Int,
        deferred: HTTPDeferredResponse, generation: UInt64
    ) {
        longPolls.hold(view: view, document: document, coding: coding, waitSeconds: waitSeconds, deferred: deferred)
        if documents.generation != generation { refresh(view) }
    }

    /// Re-resolves a watched view after a change and wakes its waiters whose bytes changed.
    func refresh(_ view: DocumentView) {
        refresh([view])
    }

    /// Re-resolves watched views after a change and wakes the waiters whose bytes changed.
    /// Views that differ only in their rollout bucket (or app build) are done one after another in one task:
    /// the first reads the channel and its lineages, the other ninety-nine find them remembered
    /// (``DocumentService/channelServing(_:)``), so a rollout step costs a few reads, not hundreds.
    func refresh(_ views: [DocumentView]) {
        var groups: [DocumentView: [DocumentView]] = [:]
        for view in views {
            var key = view
            (key.bucket, key.client) = (nil, nil)
            groups[key, default: []].append(view)
        }
        let documents = self.documents, longPolls = self.longPolls
        for group in groups.values {
            Task {
                for view in group {
                    do throws(Problem) {
                        // The server's own work, bounded by the views long-polls watch: it waits for a
                        // place in the lane rather than answer every waiter 503 when the lane is full.
                        let document = try await documents.document(for: view, admission: .patient)
                        longPolls.viewChanged(view, to: document)
                    } catch {
                        longPolls.viewFailed(view, problem: error)
                    }
                }
            }
        }
    }
}

