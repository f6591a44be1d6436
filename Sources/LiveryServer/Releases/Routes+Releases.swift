import HTTPEngine
import Logging
import SkinModel
import SkinStore

/// docs/api.md, "Rollouts, schedules and rollback": release control. Channel changes (activation and rollouts), promote, abort,
/// rollback and schedules, behind a designer token; forcing past the contrast gate needs an admin.
extension Routes {
    func registerReleaseRoutes(_ router: inout HTTPRouter) {
        router.put("/v1/channels/{channel}") { request, parameters, context in
            let name = parameters["channel"]!
            return authorized(.designer, request, context) { token async throws(Problem) in
                try await changeChannel(name, request: request, token: token)
            }
        }
        // Promote (the rollout becomes the active target) and abort (it is dropped).
        for (action, promote) in [("promote", true), ("abort", false)] {
            router.post("/v1/channels/{channel}/\(action)") { request, parameters, context in
                let name = parameters["channel"]!
                return authorized(.designer, request, context) { token async throws(Problem) in
                    let expected = try Self.ifMatchNumber(request, prefix: "a")
                    let force = try Self.forceOnly(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
                    try Self.checkForce(force, token: token)
                    // Promote puts the rollout's look in front of every build: it passes the release gate first.
                    var forced = false
                    if promote, let rollout = try await currentState(of: name)?.rollout {
                        forced = try await releaseGate([GateTarget(skin: rollout.skin, version: rollout.version)], channel: name, force: force)
                    }
                    let channel = try await storeCall {
                        try await store.endRollout(name, promote: promote, forced: forced, actor: token.name, expectedActivationCount: expected)
                    }
                    return channelResponse(channel, logging: promote ? "rollout promoted" : "rollout aborted", token: token)
                }
            }
        }
        router.post("/v1/channels/{channel}/rollback") { request, parameters, context in
            let name = parameters["channel"]!
            return authorized(.designer, request, context) { token async throws(Problem) in
                let to = try Self.rollbackEntry(RequestBody.decoded(request, limit: configuration.maxBodyBytes))
                let expected = try Self.ifMatchNumber(request, prefix: "a")
                let channel = try await storeCall { try await store.rollback(name, to: to, actor: token.name, expectedActivationCount: expected) }
                return channelResponse(channel, logging: "rolled back", token: token)
            }
        }
        router.get("/v1/channels/{channel}/schedules") { request, parameters, context in
            let name = parameters["channel"]!
            return authorized(.designer, request, context) { _ async throws(Problem) in
                let schedules = try await storeCall { try await store.schedules(of: name) }
                return JSONResponse.make(.ok, .object(["channel": .string(name), "schedules": .array(schedules.map(\.json))]))
            }
        }
        router.post("/v1/channels/{channel}/schedules") { request, parameters, context in
            let name = parameters["channel"]!
            return authorized(.designer, request, context) { token async throws(Problem) in
                try await schedule(name, request: request, token: token)
            }
        }
        router.delete("/v1/channels/{channel}/schedules/{id}") { request, parameters, context in
            let name = parameters["channel"]!
            let id = Int(parameters["id"]!)
            return authorized(.designer, request, context) { token async throws(Problem) in
                guard let id, id >= 1 else { throw Problem.notFound("Schedules are numbered from 1.") }
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
        let current = try await currentState(of: channel)
        if let builds = change.builds { try await checkBuildTargets(builds) }
        let forced = try await releaseGate(change, channel: channel, current: current, token: token)
        let updated = try await storeCall {
            try await store.changeChannel(
                channel, to: change.state, builds: change.builds, forced: forced, actor: token.name, expectedActivationCount: expected)
        }
        return channelResponse(updated, logging: "channel changed", token: token)
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
        let forced = try await releaseGate(change, channel: channel, current: nil, token: token)
        let schedule = try await storeCall { try await store.schedule(channel, at: at, to: change.state, forced: forced, actor: token.name) }
        logger.info("schedule created", metadata: ["channel": "\(channel)", "schedule.id": "\(schedule.id)", "schedule.at": "\(at)", "token": "\(token.name)"])
        return JSONResponse.make(
            .created, schedule.json, headers: [HTTPField("Location", "/v1/channels/\(channel)/schedules/\(schedule.id)")])
    }

    /// The channel's state now, nil when it does not exist yet.
    func currentState(of channel: String) async throws(Problem) -> ChannelState? {
        do throws(Problem) {
            return try await storeCall { try await store.channel(channel, includeHistory: false).state }
        } catch where error.status == 404 {
            return nil
        }
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

    /// A rollback body: empty, `{}`, or `{"to": n}`.
    static func rollbackEntry(_ body: [UInt8]) throws(Problem) -> Int? {
        guard body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        guard case .object(let object)? = try? JSONParser.parse(body),
            object.keys.allSatisfy({ $0 == "to" })
        else {
            throw Problem.badRequest("The body must be empty or {\"to\": n}, n an entry of the channel's history.")
        }
        switch object["to"] {
        case nil, .null?: return nil
        case .number(let number)? where number >= 1 && number.rounded() == number && number < 1e9: return Int(number)
        default: throw Problem.badRequest("to must be the number of an entry of the channel's history (from 1).")
        }
    }
}
