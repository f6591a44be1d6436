import SkinStore

/// What the server knows about the app builds in the field (docs/apps.md, "Old builds in the
/// field"), shared by the routes: the request counter and the seams to the compatibility gate.
struct FleetServices: Sendable {
    let recorder: ClientRecorder
    /// Days a build counts as live on a channel after its last request there.
    let liveDays: Int

    /// Whether a contract is registered for `client` (`contract` in `GET /v1/clients`).
    ///
    /// Contracts are stored by the compatibility gate's routes (`/v1/contracts`); a store failure
    /// reads as "no contract" here, where it only colours a listing.
    func hasContract(_ client: ClientIdentity) async -> Bool {
        let version = client.version
        let found = try? await recorder.store.contract(
            platform: client.platform.rawValue, version: (version.major, version.minor, version.patch))
        return found != nil
    }

    /// The builds live on `channel` at `now` (ms since 1970): those the store has (seen there
    /// within `liveDays`) and those counted in memory but not written yet. For the
    /// compatibility gate, which must not miss a build first seen a moment ago.
    /// `channel` nil: live on any channel (what validate's and publish's warnings check).
    func liveBuilds(channel: String?, now: Int64) async throws -> [ClientIdentity] {
        let since = now - Int64(liveDays) * 86_400_000
        let sinceText = Timestamp.format(millisecondsSince1970: since)
        var builds: Set<ClientIdentity>
        if let channel {
            builds = Set(try await recorder.store.liveBuilds(channel: channel, since: sinceText))
        } else {
            let hour = String(sinceText.prefix(13))
            builds = Set(try await recorder.store.clientBuilds(dayHour: hour, liveHour: hour).filter { $0.lastSeen >= sinceText }.map(\.client))
        }
        for (key, tally) in recorder.pending() where (channel == nil || key.channel == channel) && tally.last >= since {
            builds.insert(key.client)
        }
        return builds.sorted()
    }
}
