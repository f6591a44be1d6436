import HTTPEngine
import SkinModel
import SkinStore

/// `GET /v1/clients` (designer): the app builds in the field and what each channel serves them
/// (docs/apps.md, "Old builds in the field").
extension Routes {
    func registerClientListingRoutes(_ router: inout HTTPRouter) {
        router.get("/v1/clients") { request, _, context in
            authorized(.designer, request, context) { _ async throws(Problem) in
                JSONResponse.make(.ok, try await clientListing(now: fleet.recorder.clock()))
            }
        }
    }

    /// `{"clients": [{platform, version, firstSeen, lastSeen, requests24h, requests30d, contract,
    /// channels: {name: {skin, version, pinned}}}]}`, by platform then version: the store's
    /// counts plus those held in memory and not written yet, so a build shows from its first request.
    func clientListing(now: Int64) async throws(Problem) -> JSONValue {
        let hour = now / 3_600_000
        let (dayHour, liveHour) = (hour - 23, hour - Int64(fleet.liveDays) * 24 + 1)
        let store = self.store
        let stored = try await storeCall {
            try await store.clientBuilds(dayHour: ClientRecorder.hourText(dayHour), liveHour: ClientRecorder.hourText(liveHour))
        }
        var builds: [ClientIdentity: [String: ClientBuildSummary]] = [:]
        for record in stored {
            builds[record.client, default: [:]][record.channel] = ClientBuildSummary(
                firstSeen: record.firstSeen, lastSeen: record.lastSeen, requests24h: record.requests24h, requestsLive: record.requestsLive)
        }
        for (key, tally) in fleet.recorder.pending() where key.hour >= liveHour {
            builds[key.client, default: [:]][key.channel, default: ClientBuildSummary()].add(tally, in24h: key.hour >= dayHour)
        }
        var clients: [JSONValue] = []
        for (client, channels) in builds.sorted(by: { $0.key < $1.key }) {
            let total = channels.values.reduce(ClientBuildSummary()) { $0.merged($1) }
            var served = JSONObject()
            for name in channels.keys.sorted() where !name.isEmpty {
                if let target = try await servedTarget(channel: name, client: client) { served[name] = target }
            }
            clients.append(.object([
                "platform": .string(client.platform.rawValue), "version": .string(client.version.description),
                "firstSeen": .string(total.firstSeen), "lastSeen": .string(total.lastSeen),
                "requests24h": .int(total.requests24h), "requests30d": .int(total.requestsLive),
                "contract": .bool(await fleet.hasContract(client)), "channels": .object(served),
            ]))
        }
        return .object(["clients": .array(clients)])
    }

    /// `{skin, version, pinned}`: what `channel` serves `client` now (a request without a
    /// bucket), the version of a followed latest spelt out; `pinned` when a `builds` entry or
    /// the compatibility gate holds it there. Nil when the channel no longer exists.
    private func servedTarget(channel: String, client: ClientIdentity) async throws(Problem) -> JSONValue? {
        let state: ChannelState
        do throws(Problem) {
            state = try await documents.channelState(channel)
        } catch where error.status == 404 {
            return nil
        }
        if let pin = await fleet.pins.pin(channel: channel, client: client) {
            return .object(["skin": .string(pin.skin), "version": .int(pin.version), "pinned": .bool(true)])
        }
        let target = state.target(forBucket: nil, client: client)
        let version = try await documents.lineage(skin: target.skin, version: target.version).last?.number ?? target.version
        let pinned = state.builds.firstMatch(for: client) != nil
        return .object(["skin": .string(target.skin), "version": .optional(version), "pinned": .bool(pinned)])
    }
}
