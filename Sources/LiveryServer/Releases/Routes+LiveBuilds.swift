import SkinModel
import SkinStore

/// Which builds' contracts the release gate checks (docs/apps.md, "Old builds in the field").
extension Routes {
    /// Every live build's contract (on any channel), for validate's and publish's warnings.
    func liveContracts() async throws(Problem) -> [(build: String, contract: BuildContract)] {
        try await gatedContracts(on: nil)
    }

    /// The builds seen on `channel` (any channel when nil) within `compatibility.liveDays`, those
    /// counted in memory but not written yet included, and not pinned there by one of the
    /// channel's `builds` entries (`entries` when a change is about to replace them), as `ios/3.2.1`.
    func liveBuilds(on channel: String?, entries replacing: [BuildTarget]? = nil) async throws(Problem) -> Set<String>? {
        let live = try await liveBuildIdentities(on: channel)
        guard let channel else { return Set(live.map(\.description)) }
        let entries: [BuildTarget]
        if let replacing {
            entries = replacing
        } else {
            do {
                entries = try await documents.channelState(channel).builds
            } catch where error.status == 404 {
                entries = []
            }
        }
        return Set(live.filter { entries.firstMatch(for: $0) == nil }.map(\.description))
    }

    /// Every build live on `channel` (any channel when nil), pinned or not.
    func liveBuildIdentities(on channel: String?) async throws(Problem) -> [ClientIdentity] {
        let now = fleet.recorder.clock()
        let fleet = self.fleet
        return try await storeCall { try await fleet.liveBuilds(channel: channel, now: now) }
    }

    /// The contracts of the builds live on `channel` (any channel when nil) that none of its
    /// `builds` entries (or `entries`, replacing them) pins: what a look going live there must satisfy.
    func gatedContracts(
        on channel: String?, entries: [BuildTarget]? = nil
    ) async throws(Problem) -> [(build: String, contract: BuildContract)] {
        let live = try await liveBuilds(on: channel, entries: entries)
        return try await registeredContracts().filter { build, _ in live.map { $0.contains(build) } ?? true }
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
