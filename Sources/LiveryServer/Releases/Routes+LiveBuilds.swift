import SkinModel
import SkinStore

/// Which builds the release gate protects (docs/apps.md, "Old builds in the field"): those live
/// on a channel, and their registered contracts.
extension Routes {
    /// Every build live on `channel` (any channel when nil): seen there within
    /// `compatibility.liveDays`, counts not written yet included.
    func liveBuildIdentities(on channel: String?) async throws(Problem) -> [ClientIdentity] {
        let now = fleet.recorder.clock()
        let fleet = self.fleet
        return try await storeCall { try await fleet.liveBuilds(channel: channel, now: now) }
    }

    /// The contracts of the live builds that a look of `skin` would reach: on every channel
    /// one of whose targets resolves through `skin` (directly, or as a parent), the builds that
    /// target reaches. What validate and publish warn about (docs/apps.md).
    func contractsReaching(skin: String) async throws(Problem) -> [(build: String, contract: BuildContract)] {
        let channels = try await storeCall { try await store.channels(includeHistory: false) }
        var builds: Set<ClientIdentity> = []
        for channel in channels {
            var reaching: [ServedTarget] = []
            for target in ServingPlan(state: channel.state, liveBuilds: []).targets {
                guard let lineage = try? await documents.lineage(skin: target.skin, version: target.version) else { continue }
                if lineage.contains(where: { $0.skin == skin }) || target.skin == skin { reaching.append(target) }
            }
            guard !reaching.isEmpty else { continue }
            let plan = ServingPlan(state: channel.state, liveBuilds: try await liveBuildIdentities(on: channel.name))
            for reach in plan.reaches where reaching.contains(reach.target) { builds.formUnion(reach.builds) }
        }
        let contracts = try await contractsByBuild(Array(builds))
        return contracts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The registered contracts of the builds named in `wanted` (`ios/3.2.1`), parsed. Each is
    /// parsed once per change (``ContractCache``): only the stamps of every contract are read
    /// each time, and the text of one whose stamp changed. A stored contract that no longer
    /// reads (it was validated when registered, so only a newer server's) is skipped rather
    /// than blocking releases.
    func registeredContracts(of wanted: Set<String>) async throws(Problem) -> [(build: String, contract: BuildContract)] {
        let stamps = try await storeCall { try await store.contractStamps() }
        var contracts: [(build: String, contract: BuildContract)] = []
        for stamp in stamps where wanted.contains(stamp.build) {
            if let known = contractCache.contract(for: stamp) {
                if let known { contracts.append((stamp.build, known)) }
                continue
            }
            let numbers = stamp.version.split(separator: ".").compactMap { Int($0) }
            guard numbers.count == 3 else { continue }
            guard let stored = try await storeCall({ try await store.contract(platform: stamp.platform, version: (numbers[0], numbers[1], numbers[2])) })
            else { continue }
            if let contract = contractCache.parse(stored) { contracts.append((stamp.build, contract)) }
        }
        return contracts
    }
}
