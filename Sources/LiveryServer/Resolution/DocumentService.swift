import HTTPEngine
import Logging
import SkinModel
import SkinStore
import Synchronization

/// Turns views into cached documents: finds the lineage a view names in the store, resolves
/// it with the skin model, and keeps the result so later requests only hand out bytes.
///
/// Two caches, for two lifetimes:
/// - `documents`, keyed by `ResolutionIdentity` (exact versions), never goes stale, because
///   versions are immutable; it holds its share of the cache budget (``CacheBudget``) and evicts
///   the least recently read documents (reads on the event loops included).
/// - `views`, keyed by `DocumentView` ("the default channel, dark"), is what a request looks up on
///   the event-loop thread. Any change in the store can move a view to other versions, so a change
///   clears it (`invalidate`); the next request, or the long-poll refresh, looks the view up again
///   and usually finds its identity already in `documents`.
///
/// A generation counter makes the invalidation race-free: a lookup that started before a change
/// does not store its (possibly stale) answer after it.
package final class DocumentService: Sendable {
    struct State {
        var generation: UInt64 = 0
        var views: [DocumentView: CachedDocument] = [:]
        var documents: CacheShare<ResolutionIdentity, CachedDocument>
        /// Parsed stored versions by `skin@version`, within their share of the budget.
        var parsed: CacheShare<String, SkinDocument>
        /// Store lookups of this generation (a channel's state, a skin's lineage), so that the
        /// hundred bucket views of a channel re-resolved after a change cost one read each, not a hundred.
        var lookups: [LookupKey: Lookup] = [:]
        var misses = 0

        /// Records a view's document. Views are keyed by what clients ask (variant lists, formats),
        /// so their number is bounded here: past `limit` the map starts over, which only costs
        /// lookups of resolutions that stay cached in `documents`.
        mutating func remember(_ view: DocumentView, _ document: CachedDocument, limit: Int) {
            if views.count >= limit, views[view] == nil { views.removeAll(keepingCapacity: true) }
            views[view] = document
        }

        /// Keeps a resolved document; the documents evicted to make room take their views with
        /// them, so that no view keeps bytes the budget no longer counts.
        mutating func keep(_ identity: ResolutionIdentity, _ document: CachedDocument, at stamp: UInt64) {
            let evicted = documents.insert(identity, document, bytes: document.approximateBytes, at: stamp)
            guard !evicted.isEmpty else { return }
            let gone = Set(evicted.map(ObjectIdentifier.init))
            views = views.filter { !gone.contains(ObjectIdentifier($0.value)) }
        }
    }

    let store: SkinStore
    let logger: Logger
    /// `Cache-Control` of launch answers (see `LiveryConfiguration.launchCacheControl`).
    let cacheControl: String
    /// The bytes each cache may hold (`cache.maxBytes`).
    let budget: CacheBudget
    /// Most views remembered at once (each only points at a document).
    let viewLimit = 4096
    let state: Mutex<State>
    /// Counted outside the lock: the hot path should not write shared state under it.
    private let hits = Atomic<Int>(0)
    /// Orders uses of documents for eviction: advanced by each lookup off the event loops
    /// (``document(for:)``); a cached launch stamps its document with the current value.
    private let clock = Atomic<UInt64>(0)
    /// The resolved skins of the computed lookups, until the store changes.
    let resolvedSkins: ResolvedSkinCache
    /// Where resolutions run (docs/operations.md, "The heavy-work lane"): a view no cache answers
    /// costs a parse, a resolution and a gzip, so it takes a place like any heavy job.
    let lane: HeavyLane

    package init(
        store: SkinStore, logger: Logger, budget: CacheBudget, cacheControl: String = "no-cache", lane: HeavyLane
    ) {
        self.lane = lane
        self.store = store
        self.cacheControl = cacheControl
        self.logger = logger
        self.budget = budget
        resolvedSkins = ResolvedSkinCache(bytes: budget.resolvedSkins)
        state = Mutex(State(
            documents: CacheShare(limit: budget.documents) { $0.lastUsed.load(ordering: .relaxed) },
            parsed: CacheShare(limit: budget.parsed)))
    }

    /// The cached document of a view, if it is current, and the cache's generation at that
    /// moment. Cheap: one lock and one hash lookup, safe to call on an event-loop thread.
    package func cached(_ view: DocumentView) -> (document: CachedDocument?, generation: UInt64) {
        let found = state.withLock { state in (state.views[view], state.generation) }
        if let document = found.0 {
            hits.add(1, ordering: .relaxed)
            // Marked used at the clock's current tick, written at most once per tick: the clock
            // moves only off this path (``document(for:)``), so a launch neither advances a
            // counter every loop shares nor writes the hot document's line on every request.
            let now = clock.load(ordering: .relaxed)
            if document.lastUsed.load(ordering: .relaxed) != now { document.lastUsed.store(now, ordering: .relaxed) }
        }
        return found
    }

    /// Estimated bytes held by each cache of this service (``CacheBudget``), for `/metrics` and tests.
    var cacheBytes: (documents: Int, parsed: Int, resolvedSkins: Int) {
        let (documents, parsed) = state.withLock { ($0.documents.bytes, $0.parsed.bytes) }
        return (documents, parsed, resolvedSkins.bytes)
    }

    /// The generation of the view cache; changes whenever the store changes.
    package var generation: UInt64 { state.withLock { $0.generation } }

    /// Resolve-cache hits and misses, for `/metrics`.
    package var counters: (hits: Int, misses: Int) {
        (hits.load(ordering: .relaxed), state.withLock { $0.misses })
    }

    /// Forgets every view (the store changed). Resolved documents stay: their versions are immutable.
    package func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.views.removeAll(keepingCapacity: true)
            state.lookups.removeAll(keepingCapacity: true)
        }
    }

    /// Forgets cached documents of a deleted skin (its name may be reused by new versions).
    package func forget(skin: String) {
        state.withLock { state in
            state.generation &+= 1
            state.views.removeAll(keepingCapacity: true)
            state.lookups.removeAll(keepingCapacity: true)
            state.documents.removeAll { key in
                key.lineage.contains { $0.hasPrefix(skin + "@") && $0.dropFirst(skin.count + 1).allSatisfy(\.isNumber) }
            }
            state.parsed.removeAll { $0.hasPrefix(skin + "@") }
        }
    }

    /// Looks the view up in the store and resolves it (or finds its identity cached).
    ///
    /// - Throws: `Problem` (404 for a missing channel, skin or version; 400 for an unknown
    ///   variant; 422 for a lineage that no longer resolves).
    /// - Parameter admission: how the resolution waits for a place in the lane: a request's is
    ///   refused when the lane is full; the server's own re-resolutions after a change wait.
    package func document(for view: DocumentView, admission: HeavyLane.Admission = .refusable) async throws(Problem) -> CachedDocument {
        // A view already answered in this generation needs no store read: every caller (a
        // deferred read after a token check, OFREP) takes that first, as a launch on the loop does.
        let (remembered, generation) = cached(view)
        if let remembered { return remembered }
        if case .preview(let secret) = view.target {
            // Never remembered under the link: whether it still opens is asked every time.
            var shown = view
            shown.target = switch try await previewedLook(secret).subject {
            case .draft(let id): .draft(id: id)
            case .version(let skin, let number): .version(skin: skin, number: number)
            }
            return try await document(for: shown, admission: admission)
        }
        if case .draft(let id) = view.target {
            let document = try await lane.run(admission) { () async throws(Problem) in try await resolveDraft(id, view: view) }
            state.withLock { state in
                if state.generation == generation { state.remember(view, document, limit: viewLimit) }
            }
            return document
        }
        let lineage = try await lineage(of: view.target, bucket: view.bucket, client: view.client)
        guard let leaf = lineage.last else { throw Problem.notFound("The skin has no versions.") }
        let identity = ResolutionIdentity(
            lineage: lineage.map { "\($0.skin)@\($0.number)" }, variants: view.variants,
            format: view.format, explain: view.explain, channel: view.target.channelName)

        let stamp = clock.wrappingAdd(1, ordering: .relaxed).newValue
        let cached = state.withLock { state -> CachedDocument? in
            guard let document = state.documents.peek(identity) else {
                state.misses += 1
                return nil
            }
            state.documents.touch(identity, at: stamp)
            if state.generation == generation { state.remember(view, document, limit: viewLimit) }
            return document
        }
        if let cached {
            hits.add(1, ordering: .relaxed)
            return cached
        }

        let document = try await lane.run(admission) { () async throws(Problem) in try await resolve(lineage, view: view, leaf: leaf) }
        let kept = clock.wrappingAdd(1, ordering: .relaxed).newValue
        state.withLock { state in
            if state.documents.peek(identity) == nil { state.keep(identity, document, at: kept) }
            if state.generation == generation { state.remember(view, document, limit: viewLimit) }
        }
        return document
    }

    /// The stored versions a target resolves from, root first. A channel's target depends on
    /// the client's build when a `builds` entry matches it, else on its bucket when a rollout
    /// runs (docs/apps.md); see ``ChannelState/target(forBucket:client:)``. A hold of the
    /// release gate on that target keeps its audience on the look it pins.
    package func lineage(
        of target: DocumentView.Target, bucket: Int? = nil, client: ClientIdentity? = nil
    ) async throws(Problem) -> [StoredVersion] {
        switch target {
        case .channel(let name):
            let serving = try await channelServing(name)
            let chosen = serving.state.target(forBucket: bucket, client: client)
            // The release gate may keep this client on a look it was served (docs/apps.md): its
            // build's own hold first, then everyone's on that target.
            let target = ServedTarget(skin: chosen.skin, version: chosen.version)
            if let hold = ServingPlan.hold(of: target, for: client.map(ServedHold.Audience.build), in: serving.holds) {
                return try await lineage(held: hold.look)
            }
            return try await lineage(skin: chosen.skin, version: chosen.version)
        case .latest(let skin):
            return try await lineage(skin: skin, version: nil)
        case .version(let skin, let number):
            return try await lineage(skin: skin, version: number)
        case .draft, .preview:
            // A draft is no stored version; it is resolved whole (``resolveDraft(_:view:)``).
            throw Problem.notFound("A draft has no stored lineage.")
        }
    }

    /// Resolves and renders a view's document.
    private func resolve(_ lineage: [StoredVersion], view: DocumentView, leaf: StoredVersion) async throws(Problem) -> CachedDocument {
        let resolved = try await resolveSkin(lineage, variants: view.variants)
        let bytes = Self.render(resolved, format: view.format, explain: view.explain, channel: view.target.channelName)
        return CachedDocument(canonicalBytes: bytes, skin: leaf.skin, version: leaf.number, contentType: view.format.contentType, cacheControl: cacheControl)
    }

    /// The bytes of a resolved skin in a requested format: the one place that maps a view's
    /// format to the model's output (stored versions and `preview` drafts alike).
    package static func render(_ resolved: ResolvedSkin, format: DocumentView.Format, explain: Bool, channel: String?) -> [UInt8] {
        switch format {
        case .flat, .dtcg: resolved.canonicalBytes(format: format == .dtcg ? .dtcg : .flat, explain: explain, channel: channel)
        case .css: resolved.styleSheet(explain: explain, channel: channel)
        }
    }

    /// The resolved skin of a target, for the endpoints that compute from it (style and image
    /// lookups, interpolation, diffs) rather than hand out its bytes.
    package func resolvedSkin(_ target: DocumentView.Target, variants: [String]) async throws(Problem) -> ResolvedSkin {
        try await resolvedSkins.skin(.init(target: target, variants: variants), generation: generation) { [self] () async throws(Problem) in
            let lineage = try await lineage(of: target)
            return try await lane.run { () async throws(Problem) in try await resolveSkin(lineage, variants: variants) }
        }
    }

    /// The parsed documents of stored versions, root first, as the resolver takes them.
    /// Versions are immutable, so each is parsed once per process.
    package func lineageEntries(_ lineage: [StoredVersion]) throws(Problem) -> [LineageEntry] {
        var entries: [LineageEntry] = []
        for stored in lineage {
            let key = "\(stored.skin)@\(stored.number)"
            if let parsed = state.withLock({ $0.parsed.value(key) }) {
                entries.append(LineageEntry(skin: stored.skin, version: stored.number, document: parsed))
                continue
            }
            do {
                let parsed = try SkinDocument.parse(stored.document)
                let bytes = stored.document.count * CacheBudget.parsedBytesPerSourceByte
                state.withLock { $0.parsed.insert(key, parsed, bytes: bytes) }
                entries.append(LineageEntry(skin: stored.skin, version: stored.number, document: parsed))
            } catch {
                // Stored versions were valid when published; a failure here means the model
                // became stricter since. Say so rather than serve something half-resolved.
                var problem = Problem.invalidDocument(error)
                problem.detail = "\(key) no longer parses: \(error.errors.first?.message ?? "invalid document")"
                throw problem
            }
        }
        return entries
    }

    /// Keeps the parsed document of a version just published: publish parsed its bytes to
    /// validate them, so the first resolution after it (the one every app waits for on a
    /// change) need not parse them again.
    package func rememberParsed(_ document: SkinDocument, skin: String, version: Int, sourceBytes: Int) {
        state.withLock { $0.parsed.insert("\(skin)@\(version)", document, bytes: sourceBytes * CacheBudget.parsedBytesPerSourceByte) }
    }

    /// The metadata of the assets the documents name, keyed by SHA-256.
    package func assets(for documents: [[UInt8]]) async throws(Problem) -> [String: AssetInfo] {
        let hashes = AssetReferences.collect(in: documents)
        var assets: [String: AssetInfo] = [:]
        if !hashes.isEmpty {
            let store = self.store
            for (sha256, metadata) in try await storeCall({ try await store.assetMetadata(Array(hashes)) }) {
                assets[sha256] = AssetInfo(
                    sha256: sha256, url: "/v1/assets/\(sha256)", contentType: metadata.contentType, bytes: metadata.size)
            }
        }
        return assets
    }

    /// Parses, collects assets and resolves; model errors become 400 (unknown variant) or 422.
    private func resolveSkin(_ lineage: [StoredVersion], variants: [String]) async throws(Problem) -> ResolvedSkin {
        try await resolve(lineageEntries(lineage), documents: lineage.map(\.document), variants: variants)
    }

    /// Resolves parsed layers, root first: a stored lineage, or one that ends in a draft
    /// (`preview`). `documents` are their bytes, for the assets they name.
    package func resolve(_ entries: [LineageEntry], documents: [[UInt8]], variants: [String]) async throws(Problem) -> ResolvedSkin {
        let assets = try await assets(for: documents)
        let request = ResolutionRequest(lineage: entries, variants: variants, assets: assets)
        let resolved: ResolvedSkin
        do {
            resolved = try Resolver.resolve(request)
        } catch {
            if let unknown = error.errors.first(where: { $0.code == .unknownVariant }) {
                var problem = Problem.badRequest(unknown.message, slug: "unknown-variant")
                problem.errors = [unknown]
                throw problem
            }
            throw Problem.invalidDocument(error)
        }
        return resolved
    }
}

extension DocumentView.Target {
    /// The channel named in the document, for channel routes.
    var channelName: String? {
        if case .channel(let name) = self { return name }
        return nil
    }
}
