import SkinModel
import SkinStore

/// The release gate (docs/skins.md, the contrast gate; docs/apps.md, the compatibility gate):
/// one mechanism for both. Activating, rolling out, scheduling (at creation and when it runs) or
/// promoting a version whose look fails its contrast pairs, or does not satisfy the contract of a
/// build live on the channel, answers `409` listing every finding, unless an admin forces it.
/// Each look is resolved once for both checks (``ReleaseCheck``).
extension Routes {
    /// A skin and version a change would newly show (`version` nil: the skin's latest).
    struct GateTarget: Sendable, Hashable {
        var skin: String
        var version: Int?
    }

    /// Checks the targets a change would newly show and decides whether it may go ahead.
    ///
    /// Only targets the channel does not already show are checked (a rollout step that keeps
    /// the active look is not blocked by that look), except for a schedule, whose channel may
    /// look different by the time it runs (`current` nil: everything named is checked).
    ///
    /// - Returns: whether the change goes ahead by force (findings exist and an admin forced it).
    /// - Throws: `Problem` 403 when a non-admin asks to force; 409 with the findings as `errors`
    ///   (codes `contrast` and `incompatible`) when they exist and the request does not force.
    func releaseGate(_ request: ChannelChangeRequest, channel: String, current: ChannelState?, token: AuthenticatedToken) async throws(Problem) -> Bool {
        try Self.checkForce(request.force, token: token)
        var targets: [GateTarget] = []
        if current.map({ $0.skin != request.state.skin || $0.version != request.state.version }) ?? true {
            targets.append(GateTarget(skin: request.state.skin, version: request.state.version))
        }
        if let rollout = request.state.rollout,
            current.map({ $0.rollout?.skin != rollout.skin || $0.rollout?.version != rollout.version }) ?? true
        {
            targets.append(GateTarget(skin: rollout.skin, version: rollout.version))
        }
        var checks: [(GateTarget, [(build: String, contract: BuildContract)])] = []
        if !targets.isEmpty {
            let contracts = try await gatedContracts(on: channel, entries: request.builds)
            checks = targets.map { ($0, contracts) }
        }
        // A `builds` entry puts a look live for the builds it matches: each new entry's target is
        // checked against the contracts of those live builds (the first entry matching wins).
        if let entries = request.builds {
            let kept = Set(current?.builds ?? [])
            let live = try await liveBuildIdentities(on: channel)
            let contracts = try await registeredContracts()
            for (index, entry) in entries.enumerated() where !kept.contains(entry) {
                let matched = Set(live.filter { entries.firstMatch(for: $0)?.index == index }.map(\.description))
                let gated = contracts.filter { matched.contains($0.build) }
                checks.append((GateTarget(skin: entry.skin, version: entry.version), gated))
            }
        }
        return try await releaseGate(checks, force: request.force)
    }

    /// The gate on explicit targets (promote names the rollout's; a schedule's run its own).
    /// - Returns: whether it goes ahead by force. - Throws: `Problem` 409 (see above).
    func releaseGate(_ targets: [GateTarget], channel: String, force: Bool) async throws(Problem) -> Bool {
        guard !targets.isEmpty else { return false }
        let contracts = try await gatedContracts(on: channel)
        return try await releaseGate(targets.map { ($0, contracts) }, force: force)
    }

    /// The gate on targets, each with the contracts its look must satisfy.
    private func releaseGate(
        _ checks: [(GateTarget, [(build: String, contract: BuildContract)])], force: Bool
    ) async throws(Problem) -> Bool {
        var contrast: [(target: String, failure: ContrastFailure)] = []
        var incompatible: [(target: String, finding: CompatibilityFinding)] = []
        for (target, contracts) in checks {
            guard let checked = try await releaseReport(target, contracts: contracts) else { continue }
            contrast += checked.report.contrast.failures.map { (checked.leaf, $0) }
            incompatible += checked.report.incompatible.map { (checked.leaf, $0) }
        }
        guard !contrast.isEmpty || !incompatible.isEmpty else { return false }
        if force { return true }
        throw Self.gateProblem(contrast: contrast, incompatible: incompatible)
    }

    /// Resolves a target's look once and runs both checks on it; nil when it names no version.
    func releaseReport(
        _ target: GateTarget, contracts: [(build: String, contract: BuildContract)]
    ) async throws(Problem) -> (leaf: String, report: ReleaseCheck.Report)? {
        let lineage = try await documents.lineage(skin: target.skin, version: target.version)
        guard let leaf = lineage.last else { return nil }
        let entries = try documents.lineageEntries(lineage)
        let assets = try await documents.assets(for: lineage.map(\.document))
        return ("\(leaf.skin)@\(leaf.number)", ReleaseCheck.check(lineage: entries, assets: assets, contracts: contracts))
    }

    /// Why a due schedule may not run (its look fails the gate now), nil when it may: the
    /// ``ScheduleRunner`` marks it `blocked` with this reason. A failure to check (the store) is
    /// not a reason: the schedule is then carried out, or fails, as before.
    func scheduleBlockReason(_ schedule: ChannelSchedule) async -> String? {
        var targets = [GateTarget(skin: schedule.target.skin, version: schedule.target.version)]
        if let rollout = schedule.target.rollout { targets.append(GateTarget(skin: rollout.skin, version: rollout.version)) }
        do throws(Problem) {
            _ = try await releaseGate(targets, channel: schedule.channel, force: false)
            return nil
        } catch where error.status == 409 {
            let first = (error.errors.map(\.message) + error.findings.compactMap { $0.objectValue?["message"]?.stringValue }).prefix(3)
            return ([error.detail] + first).joined(separator: " ")
        } catch {
            return nil
        }
    }

    /// Only an admin may go past the gate.
    static func checkForce(_ force: Bool, token: AuthenticatedToken) throws(Problem) {
        if force, token.role < .admin {
            throw Problem.forbidden("Only an admin token may force a change past the release gate; \"\(token.name)\" is a \(token.role.rawValue).")
        }
    }

    /// The `409` listing every finding: contrast failures, then each build's incompatibilities.
    static func gateProblem(
        contrast: [(target: String, failure: ContrastFailure)], incompatible: [(target: String, finding: CompatibilityFinding)]
    ) -> Problem {
        var reasons: [String] = []
        if !contrast.isEmpty {
            reasons.append("\(contrast.count) contrast pair\(contrast.count == 1 ? "" : "s") fail (\(Set(contrast.map(\.target)).sorted().joined(separator: ", ")))")
        }
        if !incompatible.isEmpty {
            let builds = Set(incompatible.map(\.finding.build)).sorted()
            reasons.append(
                "\(Set(incompatible.map(\.target)).sorted().joined(separator: ", ")) lacks \(incompatible.count) "
                    + "entr\(incompatible.count == 1 ? "y" : "ies") that live build\(builds.count == 1 ? "" : "s") \(builds.joined(separator: ", ")) read\(builds.count == 1 ? "s" : "")")
        }
        var problem = Problem.conflict(
            reasons.joined(separator: "; ") + "; fix the skin, pin the builds to a version they can read, or an admin may send \"force\": true.")
        problem.slug = contrast.isEmpty ? "incompatible" : "contrast"
        problem.errors = contrast.map { target, failure in
            var diagnostic = failure.diagnostic
            diagnostic.severity = .error
            diagnostic.message = "\(target): \(diagnostic.message)"
            return diagnostic
        }
        problem.findings = incompatible.map { target, finding in
            var finding = finding
            finding.message = "\(target): \(finding.message)"
            return finding.json
        }
        return problem
    }
}
