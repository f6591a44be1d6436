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
    /// channels: {name: {skin, version, pinned, held, rollout, lineage, live}}}]}`, by platform then version: the store's
    /// counts plus those held in memory and not written yet, so a build shows from its first request.
    /// `live` is the release gate's own answer (``FleetServices/liveBuildsByChannel(channel:now:)``).
    func clientListing(now: Int64) async throws(Problem) -> JSONValue {
        let (dayHour, liveHour) = (LiveWindow.lastDayHours(at: now).lowerBound, fleet.window.countedHours(at: now).lowerBound)
        let store = self.store
        // Held counts first, then the store: a write committing in between is counted twice
        // for a moment, never zero times (as the gate's rule reads them).
        let held = fleet.recorder.pending()
        let stored = try await storeCall {
            try await store.clientBuilds(dayHour: ClientRecorder.hourText(dayHour), liveHour: ClientRecorder.hourText(liveHour))
        }
        var builds: [ClientIdentity: [String: ClientBuildSummary]] = [:]
        for record in stored {
            builds[record.client, default: [:]][record.channel] = ClientBuildSummary(
                firstSeen: record.firstSeen, lastSeen: record.lastSeen, requests24h: record.requests24h, requestsLive: record.requestsLive)
        }
        for (key, tally) in held where key.hour >= liveHour {
            builds[key.client, default: [:]][key.channel, default: ClientBuildSummary()].add(tally, in24h: key.hour >= dayHour)
        }
        let fleet = self.fleet
        let live = try await storeCall { try await fleet.liveBuildsByChannel(channel: nil, now: now) }
        var clients: [JSONValue] = []
        for (client, channels) in builds.sorted(by: { $0.key < $1.key }) {
            let total = channels.values.reduce(ClientBuildSummary()) { $0.merged($1) }
            var served = JSONObject()
            for name in channels.keys.sorted() where !name.isEmpty {
                guard case .object(var target)? = try await servedTarget(channel: name, client: client) else { continue }
                target["live"] = .bool(live[name]?.contains(client) == true)
                served[name] = .object(target)
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

    /// What `channel` serves `client` now: `{skin, version, pinned, held, rollout, lineage}`.
    ///
    /// `skin`/`version` is what a request without a bucket gets (a followed latest spelt out);
    /// `pinned` when a `builds` entry names its target; `held` (else null) when the release gate
    /// keeps it on that look: `{heldBack: {skin, version}, reasons, since}`; `rollout` (else
    /// null), when a rollout reaches this build, `{skin, version, percent}`: that share of its
    /// devices gets the rollout's look; `lineage` the versions behind the look, root first
    /// (`["base@3", "shop@7"]`: a child shows the parent version it is served with).
    /// Nil when the channel no longer exists.
    private func servedTarget(channel: String, client: ClientIdentity) async throws(Problem) -> JSONValue? {
        let serving: (state: ChannelState, holds: [ServedHold])
        do throws(Problem) {
            serving = try await documents.channelServing(channel)
        } catch where error.status == 404 {
            return nil
        }
        let state = serving.state
        let chosen = state.target(forBucket: nil, client: client)
        let target = ServedTarget(skin: chosen.skin, version: chosen.version)
        let hold = ServingPlan.hold(of: target, for: .build(client), in: serving.holds)
        let lineage: [StoredVersion]
        if let hold {
            lineage = try await documents.lineage(held: hold.look)
        } else {
            lineage = try await documents.lineage(skin: target.skin, version: target.version)
        }
        let matched = state.builds.firstMatch(for: client) != nil
        var rollout = JSONValue.null
        if !matched, let running = state.rollout, running.percent > 0, running.percent < ChannelRollout.bucketCount {
            let version = try await documents.lineage(skin: running.skin, version: running.version).last?.number ?? running.version
            rollout = .object(["skin": .string(running.skin), "version": .optional(version), "percent": .int(running.percent)])
        }
        let held: JSONValue = hold.map { hold in
            .object([
                "heldBack": .object(["skin": .string(hold.heldSkin), "version": .int(hold.heldVersion)]),
                "reasons": .array(hold.reasons.map(JSONValue.string)), "since": .string(hold.since),
            ])
        } ?? .null
        return .object([
            "skin": .string(lineage.last?.skin ?? target.skin), "version": .optional(lineage.last?.number ?? target.version),
            "pinned": .bool(matched || hold != nil), "held": held, "rollout": rollout,
            "lineage": .array(lineage.map { JSONValue.string("\($0.skin)@\($0.number)") }),
        ])
    }
}
