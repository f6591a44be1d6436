import SkinModel

/// What a channel serves and to whom (docs/apps.md, "Old builds in the field"): the pure half
/// of the release gate, which every change of what is served goes through.
///
/// A channel's state names targets (its active target, a rollout, `builds` entries), each a
/// skin at a version or following its latest. Each reaches an audience: a `builds` entry the
/// builds it is the first match for; the active target and a rollout every other build (a
/// build's devices fall in every bucket, so a build under a rollout reaches both). Every
/// target reaches "everyone" too: requests from builds not counted yet, or without `client=`,
/// which is who the contrast gate protects.
///
/// The look each audience gets is its target's lineage, unless a hold keeps it on an older
/// one (a build's own hold first, then the target's `*` hold).
package struct ServingPlan: Hashable, Sendable {
    /// One target and who it reaches.
    package struct Reach: Hashable, Sendable {
        package let target: ServedTarget
        /// The live builds it reaches (sorted).
        package let builds: [ClientIdentity]
    }

    /// In the state's order: the `builds` entries, the rollout, the active target (a target
    /// named twice appears once, with every build it reaches).
    package let reaches: [Reach]
    /// The targets reaching each live build, in ``reaches``' order: what a build's looks are
    /// read from, without scanning every target's builds per build.
    package let targetsOfBuild: [ClientIdentity: [ServedTarget]]

    /// Who each target of `state` reaches, among `liveBuilds`.
    package init(state: ChannelState, liveBuilds: [ClientIdentity]) {
        var order: [ServedTarget] = []
        var reached: [ServedTarget: Set<ClientIdentity>] = [:]
        func add(_ target: ServedTarget, _ builds: [ClientIdentity]) {
            if reached[target] == nil { order.append(target) }
            reached[target, default: []].formUnion(builds)
        }
        var unmatched: [ClientIdentity] = []
        var byEntry: [Int: [ClientIdentity]] = [:]
        for build in liveBuilds {
            if let match = state.builds.firstMatch(for: build) {
                byEntry[match.index, default: []].append(build)
            } else {
                unmatched.append(build)
            }
        }
        for (index, entry) in state.builds.enumerated() {
            add(ServedTarget(skin: entry.skin, version: entry.version), byEntry[index] ?? [])
        }
        if let rollout = state.rollout, rollout.percent > 0 {
            add(ServedTarget(skin: rollout.skin, version: rollout.version), unmatched)
        }
        if (state.rollout?.percent ?? 0) < ChannelRollout.bucketCount {
            add(ServedTarget(skin: state.skin, version: state.version), unmatched)
        }
        reaches = order.map { Reach(target: $0, builds: reached[$0, default: []].sorted()) }
        var targetsOfBuild: [ClientIdentity: [ServedTarget]] = [:]
        for target in order {
            for build in reached[target, default: []] { targetsOfBuild[build, default: []].append(target) }
        }
        self.targetsOfBuild = targetsOfBuild
    }

    /// Every target the state serves.
    package var targets: [ServedTarget] { reaches.map(\.target) }

    /// The hold that keeps `audience` on `target`, if any: its build's own hold first, then the
    /// target's `*` hold. The one place this rule is written: serving and the gate both ask it.
    package static func hold(of target: ServedTarget, for audience: ServedHold.Audience?, in holds: [ServedHold]) -> ServedHold? {
        if let audience, audience != .everyone, let own = holds.first(where: { $0.target == target && $0.audience == audience }) {
            return own
        }
        return holds.first { $0.target == target && $0.audience == .everyone }
    }
}

/// The looks a channel serves each audience: a ``ServingPlan`` with each target's lineage now
/// and the channel's holds. Pure: the caller reads the lineages (``ServedTarget`` → look).
package struct ChannelServing: Hashable, Sendable {
    package let state: ChannelState
    package let plan: ServingPlan
    /// Each target's lineage now, as if nothing were held.
    package let current: [ServedTarget: PinnedLook]
    package let holds: [ServedHold]

    package init(state: ChannelState, liveBuilds: [ClientIdentity], current: [ServedTarget: PinnedLook], holds: [ServedHold]) {
        self.state = state
        self.plan = ServingPlan(state: state, liveBuilds: liveBuilds)
        self.current = current
        self.holds = holds
    }

    /// What `audience` gets from `target` (nil when the target has no lineage: it no longer resolves).
    package func look(of target: ServedTarget, for audience: ServedHold.Audience) -> PinnedLook? {
        ServingPlan.hold(of: target, for: audience, in: holds)?.look ?? current[target]
    }

    /// Every look a live build gets, with the target serving it.
    package func looks(for build: ClientIdentity) -> [(target: ServedTarget, look: PinnedLook)] {
        plan.targetsOfBuild[build, default: []].compactMap { target in
            look(of: target, for: .build(build)).map { (target, $0) }
        }
    }

    /// The share of a live build's devices (in percent) that gets each look: a `builds` entry's
    /// target all of them; otherwise the rollout's target `percent` and the active target the
    /// rest. A look reaches a build anew when a change raises its share (promoting a rollout
    /// moves the other devices onto its look, which the gate must check).
    package func exposure(for build: ClientIdentity) -> [PinnedLook: Int] {
        var shares: [PinnedLook: Int] = [:]
        let rolloutTarget = state.rollout.map { ServedTarget(skin: $0.skin, version: $0.version) }
        let percent = state.rollout.map { $0.percent > 0 ? $0.percent : 0 } ?? 0
        let matched = state.builds.firstMatch(for: build) != nil
        for target in plan.targetsOfBuild[build, default: []] {
            guard let look = look(of: target, for: .build(build)) else { continue }
            var share = 0
            if matched {
                share = 100
            } else {
                if target == rolloutTarget { share += percent }
                if target == ServedTarget(skin: state.skin, version: state.version) { share += ChannelRollout.bucketCount - percent }
            }
            shares[look, default: 0] += share
        }
        return shares
    }

    /// Every look anyone gets (the contrast gate's concern): each target's `*` look and each build's own.
    package var allLooks: Set<PinnedLook> {
        var looks: Set<PinnedLook> = []
        for reach in plan.reaches {
            if let look = look(of: reach.target, for: .everyone) { looks.insert(look) }
            for build in reach.builds {
                if let look = look(of: reach.target, for: .build(build)) { looks.insert(look) }
            }
        }
        return looks
    }

    /// The look `build` gets without a bucket (the active target, or its `builds` entry's).
    package func plainLook(for build: ClientIdentity) -> (target: ServedTarget, look: PinnedLook)? {
        let chosen = state.target(forBucket: nil, client: build)
        let target = ServedTarget(skin: chosen.skin, version: chosen.version)
        return look(of: target, for: .build(build)).map { (target, $0) }
    }
}
