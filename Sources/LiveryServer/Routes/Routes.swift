import HTTPEngine
import Logging
import SkinModel
import SkinStore

/// The HTTP API of docs/api.md: builds the router and reacts to store changes.
///
/// Each group of endpoints lives in its own extension file (`Routes+Client.swift`,
/// `Routes+Designer.swift`, `Routes+Operator.swift`); this file holds what they share.
struct Routes: Sendable {
    let configuration: LiveryConfiguration
    let store: SkinStore
    let documents: DocumentService
    /// Where heavy work runs, bounded (docs/operations.md, "The heavy-work lane"); shared with `documents`.
    var lane: HeavyLane { documents.lane }
    let longPolls: LongPollHub
    let events: EventFeed
    let metrics: ServerMetrics
    let authenticator: Authenticator
    let logger: Logger
    let resolvedDocuments: ResolvedDocumentRoute
    /// The engine serving these routes (set once it exists), for connection counts in `/metrics`.
    let server: ServerReference
    /// Which other origins may read the client routes; nil when CORS is off.
    let crossOrigin: CrossOriginPolicy?
    /// The app builds in the field: request counts and how long a build stays live (docs/apps.md).
    let fleet: FleetServices
    /// Looks the release gate resolved and checked already (they never change).
    let gateCache = GateCache()
    /// Build contracts parsed once, read again only when changed.
    let contractCache = ContractCache()
    /// OFREP's answers, prepared once per look, within their share of the cache budget.
    let ofrepAnswers: OFREPAnswerCache

    init(
        configuration: LiveryConfiguration, store: SkinStore, documents: DocumentService, longPolls: LongPollHub,
        events: EventFeed, metrics: ServerMetrics, logger: Logger
    ) {
        self.configuration = configuration
        self.store = store
        self.documents = documents
        self.longPolls = longPolls
        self.events = events
        self.metrics = metrics
        self.authenticator = Authenticator(store: store)
        self.ofrepAnswers = OFREPAnswerCache(bytes: documents.budget.ofrep)
        self.logger = logger
        self.server = ServerReference()
        self.crossOrigin = CrossOriginPolicy(
            allowOrigins: configuration.corsAllowOrigins, allowsAuthorization: !configuration.publicReads)
        let window = configuration.liveWindow
        self.fleet = FleetServices(
            recorder: ClientRecorder(
                store: store, interval: .milliseconds(Int(configuration.clientFlushInterval * 1000)), window: window, logger: logger),
            window: window)
        self.resolvedDocuments = ResolvedDocumentRoute(
            documents: documents, longPolls: longPolls, maxWait: Int(configuration.maxWait), clients: fleet.recorder)
    }

    /// Every endpoint, registered once at start.
    var router: HTTPRouter {
        var routes = RouteTable()
        registerClientRoutes(&routes)
        registerDesignerRoutes(&routes)
        registerPreviewRoutes(&routes)
        registerDraftRoutes(&routes)
        registerPreviewLinkRoutes(&routes)
        registerTokensStudioRoutes(&routes)
        registerReleaseRoutes(&routes)
        registerReviewRoutes(&routes)
        registerWebhookRoutes(&routes)
        registerContractRoutes(&routes)
        registerLookupRoutes(&routes)
        registerClientListingRoutes(&routes)
        registerOperatorRoutes(&routes)
        registerWebClientRoutes(&routes)
        registerConsoleRoutes(&routes)
        registerConsoleContrastRoute(&routes)
        registerOFREPRoutes(&routes)
        var router = routes.router
        router.bodyScreen = { [authenticator, publicReads = configuration.publicReads] head, pattern in
            // OFREP's evaluations are reads sent as POST: public when reads are, else a reader's.
            // Their own limit (64 KiB) is applied before `100 Continue`, and anonymous ones share
            // one client's share of the body budget, so they cannot hold the budget writes need.
            if Self.ofrepRoutes.contains(pattern) {
                if publicReads { return .acceptUpTo(maxBytes: Self.ofrepMaxBody, owner: Self.anonymousOFREPOwner) }
                return authenticator.screen(head, needing: .reader, maxBytes: Self.ofrepMaxBody)
            }
            if Self.publicBodyRoutes.contains(pattern) { return .accept }
            return authenticator.screen(head, needing: Self.bodyRole(head.method))
        }
        return router
    }

    /// Routes whose request body anyone may send. Every other body is read only after its
    /// token is accepted (docs/operations.md), so an unauthenticated client cannot make the server buffer
    /// megabytes; the route still checks the role it needs.
    static let publicBodyRoutes: Set<String> = []

    /// The least role whose body is read: every route that changes something (POST, PUT,
    /// DELETE, PATCH) needs a designer (an admin-only route checks the rest itself, after the
    /// body), so a reader's upload gets its 403 before the body, not after (docs/api.md).
    static func bodyRole(_ method: HTTPMethod) -> TokenRole {
        switch method {
        case .get, .head, .options: .reader
        default: .designer
        }
    }

    /// The store changed (this process or another): forget cached views, then re-resolve the
    /// views someone is waiting on and wake those whose bytes changed; answer held event feeds.
    func storeChanged(_ changes: [StoreEvent]) {
        for deleted in changes where deleted.kind == .delete {
            documents.forget(skin: deleted.skin)
        }
        documents.invalidate()
        resolvedDocuments.refresh(longPolls.watchedViews)
        events.changed()
        for change in changes {
            logger.info("change", metadata: [
                "event.seq": "\(change.seq)", "event.kind": "\(change.kind.rawValue)", "skin": "\(change.skin)",
                "skin.version": "\(change.version.map(String.init) ?? "latest")", "channel": "\(change.channel ?? "-")",
            ])
        }
    }

    /// Runs `body` after checking the request's token for `role` (docs/api.md, "Publishing and activating"), off the loop.
    func authorized(
        _ role: TokenRole, _ request: HTTPRequest, _ context: HTTPRequestContext,
        _ body: @escaping @Sendable (AuthenticatedToken) async throws(Problem) -> HTTPResponse
    ) -> HTTPHandlerResult {
        let authenticator = self.authenticator
        return DeferredWork.respond(context) { () async throws(Problem) -> HTTPResponse in
            let token = try await authenticator.require(role, for: request)
            return try await body(token)
        }
    }

    /// ``authorized(_:_:_:_:)`` for heavy work: the token is checked first (a refused caller takes
    /// no place), then `body` runs in the lane, or the request is answered 503 when it is full.
    func heavy(
        _ role: TokenRole, _ request: HTTPRequest, _ context: HTTPRequestContext,
        _ body: @escaping @Sendable (AuthenticatedToken) async throws(Problem) -> HTTPResponse
    ) -> HTTPHandlerResult {
        let lane = self.lane
        return authorized(role, request, context) { token async throws(Problem) in
            try await lane.run { () async throws(Problem) in try await body(token) }
        }
    }

    /// Whether client reads (docs/api.md, "Reading skins") need a token under this configuration.
    var readsNeedToken: Bool { !configuration.publicReads }
}
