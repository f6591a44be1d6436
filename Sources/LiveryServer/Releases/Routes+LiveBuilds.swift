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

    /// Every registered contract, parsed. A stored contract that no longer reads (it was
    /// validated when registered, so only a newer server's) is skipped rather than blocking releases.
    func registeredContracts() async throws(Problem) -> [(build: String, contract: BuildContract)] {
        let stored = try await storeCall { try await store.contracts() }
        return stored.compactMap { row in
            guard let json = try? JSONParser.parse(Array(row.contract.utf8)), let contract = try? BuildContract(json: json) else {
                return nil
            }
            return (row.build, contract)
        }
    }
}
