import HTTPEngine
import Logging
import SkinModel
import SkinStore

/// docs/api.md, "Rollouts, schedules and rollback": release control. Channel changes (activation and rollouts), promote, abort,
/// rollback and schedules, behind a designer token; forcing past the contrast gate needs an admin.
extension Routes {
    func registerReleaseRoutes(_ router: inout RouteTable) {
        router.put("/v1/channels/{channel}") { request, parameters, context throws(Problem) in
            return heavy(.designer, request, context) { token async throws(Problem) in
                let name = try parameters.channel()
                return try await changeChannel(name, request: request, token: token)
            }
        }
        // Promote (the rollout becomes the active target) and abort (it is dropped).
        for (action, promote) in [("promote", true), ("abort", false)] {
            router.post("/v1/channels/{channel}/\(action)") { request, parameters, context throws(Problem) in
                return heavy(.designer, request, context) { token async throws(Problem) in
                    let name = try parameters.channel()
                    // Preconditions are evaluated on a well-formed request (RFC 9110 §13.2.1): the body first.
                    let force = try Self.forceOnly(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
                    let expected = try Self.ifMatchNumber(request, prefix: "a")
                    guard let current = try await currentChannel(name) else { throw Problem(storeFailure: StoreError.notFound(.channel(name))) }
                    guard let rollout = current.rollout else { throw Problem(storeFailure: StoreError.noRollout(channel: name)) }
                    // Promote puts the rollout's look in front of every build; abort returns its buckets to the active look.
                    let after = promote
                        ? ChannelState(skin: rollout.skin, version: rollout.version, builds: current.builds)
                        : ChannelState(skin: current.skin, version: current.version, builds: current.builds)
                    let decision = try await gateChange(name, to: after, force: force, token: token)
                    let channel = try await storeCall {
                        try await store.endRollout(
                            name, promote: promote, forced: decision.forced, holds: decision.holds, actor: token.name,
                            expectedActivationCount: expected ?? current.activationCount)
                    }
                    return channelResponse(channel, logging: promote ? "rollout promoted" : "rollout aborted", token: token)
                }
            }
        }
        router.post("/v1/channels/{channel}/rollback") { request, parameters, context throws(Problem) in
            return heavy(.designer, request, context) { token async throws(Problem) in
                let name = try parameters.channel()
                let body = try Self.rollbackBody(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
                let expected = try Self.ifMatchNumber(request, prefix: "a")
                // Exactly the look the entry served (a followed latest pinned to the version it
                // served then), through the gate like any change (docs/api.md).
                let store = self.store
                let (state, count) = try await storeCall { try await store.rollbackState(name, to: body.to) }
                if let expected, expected != count { throw Problem(storeFailure: StoreError.preconditionFailed(current: count)) }
                let decision = try await gateChange(name, to: state, force: body.force, token: token)
                let channel = try await storeCall {
                    try await store.changeChannel(
                        name, to: state, builds: state.builds, kind: .rollback, forced: decision.forced, holds: decision.holds,
                        actor: token.name, expectedActivationCount: count)
                }
                return channelResponse(channel, logging: "rolled back", token: token)
            }
        }
        router.get("/v1/channels/{channel}/schedules") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let name = try parameters.channel()
                let schedules = try await storeCall { try await store.schedules(of: name) }
                return JSONResponse.make(.ok, .object(["channel": .string(name), "schedules": .array(schedules.map(\.json))]))
            }
        }
        router.post("/v1/channels/{channel}/schedules") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { token async throws(Problem) in
                let name = try parameters.channel()
                return try await schedule(name, request: request, token: token)
            }
        }
        router.delete("/v1/channels/{channel}/schedules/{id}") { request, parameters, context throws(Problem) in
            return authorized(.designer, request, context) { token async throws(Problem) in
                let name = try parameters.channel()
                let id = try parameters.number("id", of: "Schedules")
                let schedule = try await storeCall { try await store.cancelSchedule(id, of: name, actor: token.name) }
                return JSONResponse.make(.ok, schedule.json)
            }
        }
    }

    /// `PUT /v1/channels/{c}`: the active target and, optionally, a rollout, through the contrast gate.
    private func changeChannel(_ channel: String, request: HTTPRequest, token: AuthenticatedToken) async throws(Problem) -> HTTPResponse {
        try RequestBody.checkName(channel, what: "Channel")
        let change = try ChannelChangeRequest(body: RequestBody.decoded(request, limit: configuration.maxBodyBytes), schedule: false)
        let expected = try Self.ifMatchNumber(request, prefix: "a")
        if let builds = change.builds { try await checkBuildTargets(builds) }
        // The gate decides on the channel as read; the change applies only to that revision. A
        // request without If-Match that lost a race to another change is decided again.
        var attempt = 0
        while true {
            attempt += 1
            let current = try await currentChannel(channel)
            let state = change.builds == nil ? change.state.with(builds: current?.builds ?? []) : change.state
            let decision = try await gateChange(channel, to: state, force: change.force, token: token)
            do throws(Problem) {
                let updated = try await storeCall {
                    try await store.changeChannel(
                        channel, to: state, builds: state.builds, forced: decision.forced, holds: decision.holds, actor: token.name,
                        expectedActivationCount: expected ?? current?.activationCount ?? 0)
                }
                return channelResponse(updated, logging: "channel changed", token: token)
            } catch where error.status == 412 && expected == nil && attempt < 3 {
                documents.invalidate()
                continue
            }
        }
    }

    /// `POST /v1/channels/{c}/schedules`: a future change, gated now (the version it names is immutable).
    private func schedule(_ channel: String, request: HTTPRequest, token: AuthenticatedToken) async throws(Problem) -> HTTPResponse {
        try RequestBody.checkName(channel, what: "Channel")
        let change = try ChannelChangeRequest(body: RequestBody.decoded(request, limit: configuration.maxBodyBytes), schedule: true)
        guard let at = change.at, let due = Timestamp.milliseconds(fromRFC3339: at), due > Timestamp.nowMilliseconds() else {
            throw Problem.badRequest("at must be in the future; to change the channel now, PUT /v1/channels/\(channel).")
        }
        // Fail now, not at its time, for a skin or version that does not exist.
        _ = try await documents.lineage(skin: change.state.skin, version: change.state.version)
        if let rollout = change.state.rollout { _ = try await documents.lineage(skin: rollout.skin, version: rollout.version) }
        // Checked now against what the channel serves now, as a whole (no holds); checked again when due.
        let builds = try await currentChannel(channel)?.builds ?? []
        let forced = try await gateChange(channel, to: change.state.with(builds: builds), force: change.force, token: token, holding: false).forced
        let schedule = try await storeCall { try await store.schedule(channel, at: at, to: change.state, forced: forced, actor: token.name) }
        logger.info("schedule created", metadata: ["channel": "\(channel)", "schedule.id": "\(schedule.id)", "schedule.at": "\(at)", "token": "\(token.name)"])
        return JSONResponse.make(
            .created, schedule.json, headers: [HTTPField("Location", "/v1/channels/\(channel)/schedules/\(schedule.id)")])
    }

    /// The answer to a channel change. The view cache is cleared first, so a read that follows
    /// this answer on this process sees the change (the change monitor, which also wakes
    /// long-polls, runs a moment later on its own queue).
    private func channelResponse(_ channel: Channel, logging message: Logger.Message, token: AuthenticatedToken) -> HTTPResponse {
        documents.invalidate()
        logger.info(message, metadata: [
            "channel": "\(channel.name)", "skin": "\(channel.skin)", "skin.version": "\(channel.version.map(String.init) ?? "latest")",
            "rollout.skin": "\(channel.rollout?.skin ?? "-")", "rollout.percent": "\(channel.rollout?.percent ?? 0)", "token": "\(token.name)",
        ])
        return JSONResponse.make(.ok, channel.json, headers: [HTTPField("ETag", "\"a\(channel.activationCount)\"")])
    }

    /// A promote or abort body: empty, `{}`, or `{"force": true|false}` (admins only, to promote past the release gate).
    static func forceOnly(_ body: [UInt8]) throws(Problem) -> Bool {
        guard body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        guard case .object(let object)? = try? JSONParser.parse(body), object.keys.allSatisfy({ $0 == "force" }) else {
            throw Problem.badRequest("The body must be empty or {\"force\": true|false}.")
        }
        switch object["force"] {
        case nil, .bool(false)?: return false
        case .bool(true)?: return true
        default: throw Problem.badRequest("force must be true or false.")
        }
    }

    /// A rollback body: empty, `{}`, or `{"to": n, "force": bool}` (force: admins only, past the release gate).
    static func rollbackBody(_ body: [UInt8]) throws(Problem) -> (to: Int?, force: Bool) {
        guard body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return (nil, false) }
        guard case .object(let object)? = try? JSONParser.parse(body),
            object.keys.allSatisfy({ $0 == "to" || $0 == "force" })
        else {
            throw Problem.badRequest("The body must be empty or {\"to\": n, \"force\": true|false}, n an entry of the channel's history.")
        }
        let to: Int?
        switch object["to"] {
        case nil, .null?: to = nil
        case .number(let number)? where number >= 1 && number.rounded() == number && number < 1e9: to = Int(number)
        default: throw Problem.badRequest("to must be the number of an entry of the channel's history (from 1).")
        }
        switch object["force"] {
        case nil, .bool(false)?: return (to, false)
        case .bool(true)?: return (to, true)
        default: throw Problem.badRequest("force must be true or false.")
        }
    }
}
