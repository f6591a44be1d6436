import SkinModel
import SkinStore
import Synchronization

/// Build contracts parsed once (docs/apps.md, "Old builds in the field"; docs/operations.md,
/// "Limits"): the release gate asks for the contracts of the live builds it protects on every
/// validate, publish and channel change, and a contract may hold 20,000 entries. Each is read
/// from the store and parsed again only when its stamp (``ContractStamp``: updated time and
/// length) differs from the one it was parsed from, whichever process changed it; this process
/// forgets a contract it changes at once.
///
/// Bounded by entries, not contracts (one contract may be a thousand times another): past
/// `entryLimit` the contracts parsed longest ago go first, and are parsed again if asked.
final class ContractCache: Sendable {
    struct Entry {
        let stamp: ContractStamp
        /// nil: the stored text did not read (only a newer server writes such a contract).
        let contract: BuildContract?
        let entries: Int
    }

    struct State {
        var byBuild: [String: Entry] = [:]
        var order: [String] = []
        var entries = 0
    }

    /// Contract entries (tokens, styles and images) kept parsed at most.
    let entryLimit: Int
    private let state = Mutex(State())
    private let parsed = Atomic<Int>(0)

    init(entryLimit: Int = 2_000_000) {
        self.entryLimit = entryLimit
    }

    /// Contracts parsed from their stored text since start (`livery_contracts_parsed_total`).
    var parses: Int { parsed.load(ordering: .relaxed) }

    /// The contract parsed from exactly `stamp`: `.some(nil)` when that text did not read, nil
    /// when it was not parsed (or was parsed from another stamp).
    func contract(for stamp: ContractStamp) -> BuildContract?? {
        state.withLock { state in
            guard let entry = state.byBuild[stamp.build], entry.stamp == stamp else { return nil }
            return .some(entry.contract)
        }
    }

    /// Parses a stored contract and keeps it under its stamp.
    func parse(_ stored: StoredContract) -> BuildContract? {
        parsed.add(1, ordering: .relaxed)
        let contract = (try? JSONParser.parse(Array(stored.contract.utf8))).flatMap { try? BuildContract(json: $0) }
        let entries = contract.map { $0.tokens.count + $0.styles.count + $0.images.count } ?? 0
        state.withLock { state in
            Self.remove(stored.build, from: &state)
            state.byBuild[stored.build] = Entry(stamp: stored.stamp, contract: contract, entries: entries)
            state.order.append(stored.build)
            state.entries += entries
            while state.entries > entryLimit, state.order.count > 1 {
                Self.remove(state.order[0], from: &state)
            }
        }
        return contract
    }

    /// Forgets `build`'s contract (this process changed or deleted it).
    func forget(_ build: String) {
        state.withLock { Self.remove(build, from: &$0) }
    }

    private static func remove(_ build: String, from state: inout State) {
        guard let entry = state.byBuild.removeValue(forKey: build) else { return }
        state.entries -= entry.entries
        state.order.removeAll { $0 == build }
    }

    /// Prometheus text for `/metrics`.
    var metricsText: String {
        "# HELP livery_contracts_parsed_total Build contracts parsed from their stored text (once per change of each).\n"
            + "# TYPE livery_contracts_parsed_total counter\nlivery_contracts_parsed_total \(parses)\n"
    }
}

extension StoredContract {
    /// The stamp the store lists for this very text (``ContractStamp``).
    var stamp: ContractStamp {
        ContractStamp(platform: platform, version: version, updatedAt: updatedAt, length: contract.unicodeScalars.count)
    }
}
