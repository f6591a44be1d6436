import SkinStore
import SkinModel

/// What the server knows about the app builds in the field (docs/apps.md, "Old builds in the
/// field"), shared by the routes: the request counter and the seams to the compatibility gate.
struct FleetServices: Sendable {
    let recorder: ClientRecorder
    /// When a build counts as live on a channel (`compatibility.liveDays`, `liveMinRequests`).
    let window: LiveWindow

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

    /// The builds live on `channel` at `now` (ms since 1970), by the rule of docs/operations.md,
    /// "Which builds are live" (``liveBuildsByChannel(channel:now:)``). `channel` nil: live on
    /// any channel (what validate's and publish's warnings check).
    func liveBuilds(channel: String?, now: Int64) async throws -> [ClientIdentity] {
        try await liveBuildsByChannel(channel: channel, now: now).values.reduce(into: Set()) { $0.formUnion($1) }.sorted()
    }

    /// The rule (``LiveWindow``), in one place for the gate and `GET /v1/clients` alike, applied
    /// to the counts the store has plus those held in memory, not written yet: the gate must not
    /// miss a build first seen a moment ago. `channel` nil: every channel.
    func liveBuildsByChannel(channel: String?, now: Int64) async throws -> [String: Set<ClientIdentity>] {
        let since = window.start(at: now)
        let sinceText = Timestamp.format(millisecondsSince1970: since)
        // The held counts are taken before the store is read: a write committing in between
        // is then counted twice (harmless for liveness), never zero times, which taken after
        // it was (a build launched a moment before a validation went unprotected under load).
        let held = recorder.pending()
        // Per build and channel: requests over the window, and when it was first seen.
        var seen: [ClientRecorder.BuildOnChannel: (requests: Int, firstSeen: Int64)] = [:]
        for activity in try await recorder.store.buildActivity(channel: channel, since: sinceText) {
            let key = ClientRecorder.BuildOnChannel(client: activity.client, channel: activity.channel)
            seen[key] = (activity.requests, Timestamp.milliseconds(fromRFC3339: activity.firstSeen) ?? 0)
        }
        for (key, tally) in held where (channel == nil || key.channel == channel) && tally.last >= since {
            let build = ClientRecorder.BuildOnChannel(client: key.client, channel: key.channel)
            let known = seen[build]
            seen[build] = ((known?.requests ?? 0) + tally.requests, min(known?.firstSeen ?? tally.first, tally.first))
        }
        var live: [String: Set<ClientIdentity>] = [:]
        for (key, activity) in seen where window.isLive(firstSeen: activity.firstSeen, requests: activity.requests, at: now) {
            live[key.channel, default: []].insert(key.client)
        }
        return live
    }
}
