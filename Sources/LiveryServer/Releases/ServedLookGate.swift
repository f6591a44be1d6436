import SkinModel
import SkinStore

/// The release gate over what is served (docs/apps.md, "Old builds in the field"; docs/skins.md,
/// the contrast gate): one check that every change of what a channel serves passes through.
///
/// A change is described by what the channel serves before and after it (``ChannelServing``:
/// every target of its state, who each reaches, the holds). ``checkServed(before:after:contracts:)``
/// resolves each look that is new once and checks it: its contrast pairs when the channel did
/// not serve it before, and the contract of each live build it newly reaches. Channel changes
/// (``gateChange(_:to:force:token:holding:)``) and publishes (``settlePublish(skin:number:reached:)``)
/// decide from the same findings; the schedule runner asks ``scheduleBlockReason(_:)``.
extension Routes {
    /// What the gate found on one look new to some audience.
    struct GateFinding: Sendable {
        var look: PinnedLook
        /// Each target serving it, and the live builds it newly reaches there.
        var reaches: [(target: ServedTarget, builds: [ClientIdentity])]
        /// Contrast failures (only when the look is new to the channel).
        var contrast: [ContrastFailure]
        /// One per build and entry the look lacks.
        var incompatible: [CompatibilityFinding]

        var passes: Bool { contrast.isEmpty && incompatible.isEmpty }
        /// `shop@7`: how messages name the look.
        var name: String { "\(look.leaf.skin)@\(look.leaf.version)" }
    }

    /// A channel change's outcome: whether it went past findings by an admin's force, and the
    /// holds the channel has afterwards.
    struct GateDecision: Sendable {
        var forced: Bool
        var holds: [ServedHold]
    }

    // MARK: What is served

    /// What `state` serves with `holds` to the `live` builds: each target's lineage read (as of
    /// the view cache's generation). - Throws: `Problem` 404 for a target that does not exist.
    func serving(_ state: ChannelState, holds: [ServedHold], live: [ClientIdentity]) async throws(Problem) -> ChannelServing {
        var current: [ServedTarget: PinnedLook] = [:]
        for target in ServingPlan(state: state, liveBuilds: []).targets {
            current[target] = PinnedLook(try await documents.lineage(skin: target.skin, version: target.version))
        }
        return ChannelServing(state: state, liveBuilds: live, current: current, holds: holds)
    }

    /// The channel with its holds, nil when it does not exist yet.
    func currentChannel(_ name: String) async throws(Problem) -> Channel? {
        do throws(Problem) {
            return try await storeCall { try await store.channel(name, includeHistory: false) }
        } catch where error.status == 404 {
            return nil
        }
    }

    // MARK: The check

    /// Checks every look `after` serves that `before` did not: contrast for a look the channel
    /// did not serve anyone, and each live build's contract (from `contracts`, by build) for a
    /// look that more of that build's devices get than before (``ChannelServing/exposure(for:)``).
    /// Each look is resolved once.
    func checkServed(
        before: ChannelServing?, after: ChannelServing, contracts: [String: BuildContract], checker: LookChecker? = nil
    ) async throws(Problem) -> [GateFinding] {
        let seen = before?.allLooks ?? []
        var order: [PinnedLook] = []
        var work: [PinnedLook: (contrast: Bool, reaches: [ServedTarget: [ClientIdentity]])] = [:]
        func note(_ look: PinnedLook, target: ServedTarget, contrast: Bool, build: ClientIdentity?) {
            if work[look] == nil {
                order.append(look)
                work[look] = (false, [:])
            }
            if contrast { work[look]!.contrast = true }
            work[look]!.reaches[target, default: []] += build.map { [$0] } ?? []
        }
        // Each build's exposure before and after, computed once per build (not per target reaching it).
        var shares: [ClientIdentity: (before: [PinnedLook: Int], after: [PinnedLook: Int])] = [:]
        for build in after.plan.targetsOfBuild.keys where contracts[build.description] != nil {
            shares[build] = (before?.exposure(for: build) ?? [:], after.exposure(for: build))
        }
        for reach in after.plan.reaches {
            if let look = after.look(of: reach.target, for: .everyone), !seen.contains(look) {
                note(look, target: reach.target, contrast: true, build: nil)
            }
            for build in reach.builds {
                guard let look = after.look(of: reach.target, for: .build(build)) else { continue }
                if !seen.contains(look) { note(look, target: reach.target, contrast: true, build: nil) }
                // New to the build when more of its devices get it than before.
                guard let share = shares[build] else { continue }
                if share.after[look] ?? 0 > share.before[look] ?? 0 { note(look, target: reach.target, contrast: false, build: build) }
            }
        }
        let checker = checker ?? LookChecker(routes: self)
        var findings: [GateFinding] = []
        for look in order {
            guard let (contrastNeeded, reaches) = work[look] else { continue }
            let builds = Set(reaches.values.joined())
            let gated = builds.sorted().compactMap { build in contracts[build.description].map { (build.description, $0) } }
            let report = try await checker.check(look, contracts: gated)
            findings.append(GateFinding(
                look: look, reaches: reaches.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sorted()) },
                contrast: contrastNeeded ? report.contrast.failures : [], incompatible: report.incompatible))
        }
        return findings
    }

    // MARK: Channel changes

    /// The gate on a change of `channel` to `state`: PUT, promote, abort, rollback, and a
    /// schedule when created and when due (`holding` false: a schedule is checked as a whole).
    ///
    /// Findings refuse the change (`409`) unless an admin forces it (then every hold of the
    /// channel is dropped: the force lets the look through). One kind is not refused: a live
    /// build whose contract a followed latest version breaks keeps the look it was served (a
    /// hold) and the change goes ahead, as a publish would have held it.
    ///
    /// - Throws: `Problem` 403 when a non-admin forces; 404 for a target that does not exist;
    ///   409 listing the findings (codes `contrast` and `incompatible`).
    func gateChange(_ channel: String, to state: ChannelState, force: Bool, token: AuthenticatedToken, holding: Bool = true) async throws(Problem) -> GateDecision {
        try Self.checkForce(force, token: token)
        let current = try await currentChannel(channel)
        let live = try await liveBuildIdentities(on: channel)
        let contracts = try await contractsByBuild(live)
        var before: ChannelServing?
        if let current { before = try await serving(current.state, holds: current.holds, live: live) }
        let named = Set(ServingPlan(state: state, liveBuilds: []).targets)
        let kept = force ? [] : (current?.holds ?? []).filter { named.contains($0.target) }
        let after = try await serving(state, holds: kept, live: live)
        let checker = LookChecker(routes: self)
        let findings = try await checkServed(before: before, after: after, contracts: contracts, checker: checker)
        guard !findings.allSatisfy(\.passes) else { return GateDecision(forced: false, holds: kept) }
        if force { return GateDecision(forced: true, holds: []) }

        var holds = kept
        var refusedContrast: [(String, ContrastFailure)] = []
        var refusedBuilds: [(String, CompatibilityFinding)] = []
        for finding in findings {
            refusedContrast += finding.contrast.map { (finding.name, $0) }
            let byBuild = Dictionary(grouping: finding.incompatible, by: \.build)
            for (build, missing) in byBuild.sorted(by: { $0.key < $1.key }) {
                guard let client = ClientIdentity(build) else { continue }
                // Held where a followed latest reaches it: on the newest earlier version it can
                // read, or what it was served before.
                var held = false
                if holding {
                    for reach in finding.reaches where reach.target.version == nil && reach.builds.contains(client) {
                        guard let had = try await keptLook(
                            of: client, at: reach.target, instead: finding.look, contract: contracts[build], before: before, checker: checker)
                        else { continue }
                        holds.removeAll { $0.target == reach.target && $0.audience == .build(client) }
                        holds.append(ServedHold(
                            target: reach.target, audience: .build(client), look: had, heldSkin: finding.look.leaf.skin,
                            heldVersion: finding.look.leaf.version, reasons: GateLimits.reasons(missing.map(\.message)), since: Timestamp.format(millisecondsSince1970: Timestamp.nowMilliseconds())))
                        held = true
                    }
                }
                if !held { refusedBuilds += missing.map { (finding.name, $0) } }
            }
        }
        if !refusedContrast.isEmpty || !refusedBuilds.isEmpty {
            throw Self.gateProblem(contrast: refusedContrast, incompatible: refusedBuilds)
        }
        return GateDecision(forced: false, holds: holds)
    }

    /// How many versions before a followed latest ``keptLook(of:at:instead:contract:before:checker:)``
    /// looks at: each is a resolution of the whole look, and a build is rarely more than a few
    /// versions behind what it can read.
    static let keptLookSearchDepth = 5

    /// The look a live build keeps when a changed channel would give it `breaking`, the latest
    /// version `target` follows (docs/apps.md, "What a live build is served, on every path"): the newest
    /// of the followed skin's earlier versions whose look satisfies the build's `contract` and
    /// passes contrast, of the last ``keptLookSearchDepth``; failing that, what the build was
    /// served before the change; nil when neither (the change is refused).
    func keptLook(
        of build: ClientIdentity, at target: ServedTarget, instead breaking: PinnedLook, contract: BuildContract?,
        before: ChannelServing?, checker: LookChecker
    ) async throws(Problem) -> PinnedLook? {
        let previous = Self.previousLook(of: build, at: target, in: before)
        guard let contract, breaking.leaf.skin == target.skin else { return previous }
        let newest = breaking.leaf.version - 1
        for version in stride(from: newest, through: max(1, newest - Self.keptLookSearchDepth + 1), by: -1) {
            let look = PinnedLook(try await documents.lineage(skin: target.skin, version: version))
            // Down to what it was served: that is what a hold keeps when nothing newer passes.
            if look == previous { return look }
            let report = try await checker.check(look, contracts: [(build.description, contract)])
            if report.incompatible.isEmpty && report.contrast.failures.isEmpty { return look }
        }
        return previous
    }

    /// The look `build` got at `target` before a change (or, if that target did not reach it,
    /// the look it got without a bucket): what a hold keeps it on.
    static func previousLook(of build: ClientIdentity, at target: ServedTarget, in before: ChannelServing?) -> PinnedLook? {
        guard let before else { return nil }
        if let same = before.looks(for: build).first(where: { $0.target == target }) { return same.look }
        return before.plainLook(for: build)?.look
    }

    /// Why a due schedule may not run (its change fails the gate now), nil when it may: the
    /// ``ScheduleRunner`` marks it `blocked` with this reason.
    /// The check waits for a place in the lane like the server's own work (never refused); from
    /// a route already in the lane (a schedule being created) it runs in that route's place.
    /// - Throws: when the gate could not check (the store): the runner then leaves the
    ///   schedule pending and asks again on its next pass (it fails closed).
    func scheduleBlockReason(_ schedule: ChannelSchedule) async throws(Problem) -> String? {
        let builds = try await currentChannel(schedule.channel)?.builds ?? []
        let state = schedule.target.with(builds: builds)
        let gate = AuthenticatedToken(name: "schedule", role: .admin)
        let refusal: Problem
        do {
            _ = try await lane.run(.patient) { () async throws(Problem) in
                try await gateChange(schedule.channel, to: state, force: false, token: gate, holding: false)
            }
            return nil
        } catch {
            refusal = error
        }
        switch refusal.status {
        case 409:
            let first = (refusal.errors.map(\.message) + refusal.findings.compactMap { $0.objectValue?["message"]?.stringValue }).prefix(3)
            return ([refusal.detail] + first).joined(separator: " ")
        case 404:
            return nil  // Running it fails the schedule, naming what is missing.
        default:
            throw refusal
        }
    }

    // MARK: Publish

    /// The gate on what a publish reached (``SkinStore/publishReaching(skin:document:parent:author:message:expectedLatest:)``
    /// held each such target on the look it served): each new look is resolved once; where its
    /// contrast fails everyone stays held, where a live build's contract fails that build stays
    /// held, and the rest is released. A publish is never refused for it.
    /// - Returns: the holds made and released, for the publish's answer.
    func settlePublish(skin: String, number: Int, reached: [PublishReach]) async throws(Problem) -> [HoldChange] {
        guard !reached.isEmpty else { return [] }
        let checker = LookChecker(routes: self)
        var verdicts: [HoldVerdict] = []
        for (channel, reaches) in Dictionary(grouping: reached, by: \.channel).sorted(by: { $0.key < $1.key }) {
            let live = try await liveBuildIdentities(on: channel)
            let contracts = try await contractsByBuild(live)
            guard let state = try await currentChannel(channel)?.state else { continue }
            let plan = ServingPlan(state: state, liveBuilds: live)
            for reach in reaches {
                let builds = plan.reaches.first { $0.target == reach.target }?.builds ?? []
                let gated = builds.compactMap { build in contracts[build.description].map { (build.description, $0) } }
                let report = try await checker.check(reach.after, contracts: gated)
                let name = "\(reach.after.leaf.skin)@\(reach.after.leaf.version)"
                let contrast = report.contrast.failures.isEmpty ? nil : GateLimits.reasons(report.contrast.failures.map { "\(name): \($0.diagnostic.message)" })
                var verdict: [ClientIdentity: [String]?] = [:]
                for build in builds where contracts[build.description] != nil {
                    let missing = report.incompatible.filter { $0.build == build.description }.map { "\(name): \($0.message)" }
                    verdict[build] = missing.isEmpty ? nil : GateLimits.reasons(missing)
                }
                verdicts.append(HoldVerdict(channel: channel, target: reach.target, contrast: contrast, builds: verdict))
            }
        }
        let store = self.store
        return try await storeCall { [verdicts] in try await store.settleHolds(skin: skin, number: number, verdicts) }
    }

    /// Settles what publishes held and their gates never settled (the process stopped between
    /// the publish and ``settlePublish(skin:number:reached:)``): their targets kept the look they
    /// served, safe but stuck. Holds made before `cutoff` are taken for orphans; settling one a
    /// live gate is still working on gives the same verdicts, so a second settle changes nothing.
    /// The gate's work waits for a place in the lane (the server's own work, never refused); a
    /// sweep that finds nothing to settle, nearly every one, takes none.
    /// - Returns: the holds made and released.
    func settleUnsettledPublishes(madeBefore cutoff: String) async throws(Problem) -> [HoldChange] {
        let store = self.store
        let unsettled = try await storeCall { try await store.unsettledPublishes(before: cutoff) }
        guard !unsettled.isEmpty else { return [] }
        let changes = try await lane.run(.patient) { () async throws(Problem) -> [HoldChange] in
            var changes: [HoldChange] = []
            for publish in unsettled {
                changes += try await settlePublish(skin: publish.skin, number: publish.number, reached: publish.reached)
            }
            return changes
        }
        // As after a publish: this process's next read sees what was released at once.
        if !changes.isEmpty { documents.invalidate() }
        return changes
    }

    // MARK: Contracts

    /// The gate on a change of a live build's contract: every look the build is served now, on
    /// each channel it is live on, checked against the new contract. Its findings are warnings
    /// of the change, not a refusal: the binary already reads what its contract says, so the
    /// record must be allowed to say it (narrowing is refused elsewhere); from now on every
    /// change of what the build is served is held to it.
    func contractFindings(_ contract: BuildContract, of build: ClientIdentity) async throws(Problem) -> [CompatibilityFinding] {
        let channels = try await storeCall { try await store.channels(includeHistory: false) }
        let checker = LookChecker(routes: self)
        var findings: [CompatibilityFinding] = []
        var checked: Set<PinnedLook> = []
        for channel in channels {
            let live = try await liveBuildIdentities(on: channel.name)
            guard live.contains(build) else { continue }
            let serving = try await serving(channel.state, holds: channel.holds, live: [build])
            for (_, look) in serving.looks(for: build) where checked.insert(look).inserted {
                let report = try await checker.check(look, contracts: [(build.description, contract)])
                findings += report.incompatible.map { finding in
                    var finding = finding
                    finding.message = "\(look.leaf.skin)@\(look.leaf.version) on \(channel.name): \(finding.message)"
                    return finding
                }
            }
        }
        return findings
    }

    /// The registered contracts of `builds`, by build (`ios/3.2.1`).
    func contractsByBuild(_ builds: [ClientIdentity]) async throws(Problem) -> [String: BuildContract] {
        guard !builds.isEmpty else { return [:] }
        let wanted = Set(builds.map(\.description))
        var contracts: [String: BuildContract] = [:]
        for (build, contract) in try await registeredContracts(of: wanted) {
            contracts[build] = contract
        }
        return contracts
    }
}

/// Resolves each look the gate checks once (its selections, for contrast and every contract),
/// through the routes' ``GateCache``: a look checked before, or just published, is not resolved again.
struct LookChecker: Sendable {
    let routes: Routes

    init(routes: Routes) {
        self.routes = routes
    }

    /// Contrast and `contracts` on `look`.
    func check(_ look: PinnedLook, contracts: [(build: String, contract: BuildContract)]) async throws(Problem) -> ReleaseCheck.Report {
        let key = GateCache.ReportKey(
            look: look, contracts: Dictionary(contracts.map { ($0.build, $0.contract) }, uniquingKeysWith: { first, _ in first }))
        if let known = routes.gateCache.report(key) { return known }
        let leaf = look.leaf
        let store = routes.store
        let lineage = try await storeCall { try await store.lineage(of: leaf.skin, version: leaf.version, pinned: look.versions) }
        let entries = try routes.documents.lineageEntries(lineage)
        let assets = try await routes.documents.assets(for: lineage.map(\.document))
        let selections = ReleaseCheck.resolvedSelections(lineage: entries, assets: assets, reusing: routes.gateCache.selections(of: look) ?? [:])
        routes.gateCache.remember(look, selections: selections)
        let report = ReleaseCheck.check(lineage: entries, assets: assets, contracts: contracts, resolved: selections)
        routes.gateCache.remember(key, report: report)
        return report
    }
}
