import Synchronization
import SkinModel

/// The resolved skins behind the computed lookups (`/styles/resolve`, `/images/resolve`,
/// `/interpolate`), kept until the store changes, with concurrent misses of one key coalesced.
///
/// Without it every lookup read the lineage from SQLite and resolved it again, and a burst of
/// app launches asking for one element resolved the same skin once per request. Entries belong
/// to one generation of `DocumentService` (bumped on every store change): a lookup that started
/// before a change neither reads nor stores entries of the new generation.
final class ResolvedSkinCache: Sendable {
    struct Key: Hashable, Sendable {
        let target: DocumentView.Target
        let variants: [String]
    }

    struct State {
        var generation: UInt64 = 0
        var skins: CacheShare<Key, ResolvedSkin>
        var inFlight: [Key: Task<ResolvedSkin, any Error>] = [:]
    }

    private let state: Mutex<State>
    private let computed = Atomic<Int>(0)

    /// - Parameter bytes: resolved skins kept (its share of the cache budget, ``CacheBudget``);
    ///   past it the least recently used go (they are recomputed on demand).
    init(bytes: Int) {
        state = Mutex(State(skins: CacheShare(limit: bytes)))
    }

    /// Bytes held now, for `/metrics` and tests.
    var bytes: Int { state.withLock { $0.skins.bytes } }

    /// A resolved look's estimated size (``CacheBudget/resolvedBytesPerToken``).
    static func approximateBytes(_ skin: ResolvedSkin) -> Int {
        skin.tokens.count * CacheBudget.resolvedBytesPerToken + 1_024
    }

    /// Resolutions actually computed (misses that were not coalesced), for tests and metrics.
    var computations: Int { computed.load(ordering: .relaxed) }

    /// The cached skin for `key` in `generation`, the one being computed, or a new computation.
    func skin(
        _ key: Key, generation: UInt64, compute: @escaping @Sendable () async throws(Problem) -> ResolvedSkin
    ) async throws(Problem) -> ResolvedSkin {
        let found = state.withLock { state -> (ResolvedSkin?, Task<ResolvedSkin, any Error>?) in
            if generation > state.generation {
                state.generation = generation
                state.skins.removeAll()
                state.inFlight.removeAll()
            } else if generation < state.generation {
                return (nil, nil)  // a stale caller: compute, share nothing
            }
            if let skin = state.skins.value(key) { return (skin, nil) }
            if let task = state.inFlight[key] { return (nil, task) }
            let task = Task<ResolvedSkin, any Error> { [self] in
                computed.add(1, ordering: .relaxed)
                return try await compute()
            }
            state.inFlight[key] = task
            return (nil, task)
        }
        if let skin = found.0 { return skin }
        guard let task = found.1 else {
            computed.add(1, ordering: .relaxed)
            return try await compute()
        }
        let result = await task.result
        state.withLock { state in
            guard state.generation == generation, state.inFlight[key] != nil else { return }
            state.inFlight[key] = nil
            if case .success(let skin) = result {
                state.skins.insert(key, skin, bytes: Self.approximateBytes(skin))
            }
        }
        switch result {
        case .success(let skin): return skin
        case .failure(let error as Problem): throw error
        case .failure: throw Problem.internalError("The resolution failed.")
        }
    }
}
