import SkinStore

/// Store lookups remembered for one generation of the view cache (until the store next changes).
///
/// After a change, every watched view is re-resolved; a channel with a rollout has up to a
/// hundred of them (one per bucket) that all need the same channel row and the same two
/// lineages. Remembering them per generation makes that one read each.
extension DocumentService {
    enum LookupKey: Hashable {
        case channel(String)
        case lineage(skin: String, version: Int?)
        case held(PinnedLook)
    }

    enum Lookup {
        case channel(ChannelState, holds: [ServedHold])
        case lineage([StoredVersion])
    }

    /// A channel's state (its targets) and the release gate's holds, as of this generation.
    func channelServing(_ name: String) async throws(Problem) -> (state: ChannelState, holds: [ServedHold]) {
        let key = LookupKey.channel(name)
        let (remembered, generation) = state.withLock { ($0.lookups[key], $0.generation) }
        if case .channel(let state, let holds)? = remembered { return (state, holds) }
        let store = self.store
        let found = try await storeCall { try await store.channel(name, includeHistory: false) }
        remember(key, .channel(found.state, holds: found.holds), generation: generation)
        return (found.state, found.holds)
    }

    /// The lineage a hold keeps its audience on (root first), as of this generation.
    func lineage(held look: PinnedLook) async throws(Problem) -> [StoredVersion] {
        let key = LookupKey.held(look)
        let (remembered, generation) = state.withLock { ($0.lookups[key], $0.generation) }
        if case .lineage(let lineage)? = remembered { return lineage }
        let store = self.store
        let leaf = look.leaf
        let found = try await storeCall { try await store.lineage(of: leaf.skin, version: leaf.version, pinned: look.versions) }
        remember(key, .lineage(found), generation: generation)
        return found
    }

    /// A skin's lineage (root first), pinned or latest, as of this generation.
    func lineage(skin: String, version: Int?) async throws(Problem) -> [StoredVersion] {
        let key = LookupKey.lineage(skin: skin, version: version)
        let (remembered, generation) = state.withLock { ($0.lookups[key], $0.generation) }
        if case .lineage(let lineage)? = remembered { return lineage }
        let store = self.store
        let found = try await storeCall { try await store.lineage(of: skin, version: version) }
        remember(key, .lineage(found), generation: generation)
        return found
    }

    /// Keeps a lookup unless the store changed since it started (it may be stale then).
    /// Bounded like the views: past the limit the map starts over.
    private func remember(_ key: LookupKey, _ lookup: Lookup, generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.lookups.count >= viewLimit { state.lookups.removeAll(keepingCapacity: true) }
            state.lookups[key] = lookup
        }
    }
}
