import Testing
@testable import SkinStore
import SkinModel

/// The pure half of the release gate: which targets reach which live build, and what share of a
/// build's devices each look gets (docs/apps.md, "What a live build is served, on every path").
@Suite struct ServingPlanTests {
    static let old = ClientIdentity("ios/3.1.0")!
    static let new = ClientIdentity("ios/3.3.0")!

    @Test func entriesRolloutsAndTheActiveTargetReachTheirBuilds() {
        let state = ChannelState(
            skin: "shop", version: nil, rollout: ChannelRollout(skin: "shop", version: 9, percent: 10),
            builds: [BuildTarget(platform: .ios, versions: BuildRange("<3.2.0")!, skin: "shop", version: 4)])
        let plan = ServingPlan(state: state, liveBuilds: [Self.old, Self.new])
        #expect(plan.targets.map(\.description) == ["shop@4", "shop@9", "shop@latest"])
        #expect(plan.targetsOfBuild[Self.old]?.map(\.description) == ["shop@4"], "an entry's build gets only its entry")
        #expect(plan.targetsOfBuild[Self.new]?.map(\.description) == ["shop@9", "shop@latest"], "others get the rollout and the active target")
        for reach in plan.reaches {
            for build in [Self.old, Self.new] {
                #expect(reach.builds.contains(build) == (plan.targetsOfBuild[build] ?? []).contains(reach.target))
            }
        }

        let looks: [ServedTarget: PinnedLook] = [
            ServedTarget(skin: "shop", version: 4): PinnedLook([.init(skin: "shop", version: 4)]),
            ServedTarget(skin: "shop", version: 9): PinnedLook([.init(skin: "shop", version: 9)]),
            ServedTarget(skin: "shop", version: nil): PinnedLook([.init(skin: "shop", version: 8)]),
        ]
        let serving = ChannelServing(state: state, liveBuilds: [Self.old, Self.new], current: looks, holds: [])
        #expect(serving.exposure(for: Self.old) == [PinnedLook(text: "shop@4")!: 100])
        #expect(serving.exposure(for: Self.new) == [PinnedLook(text: "shop@9")!: 10, PinnedLook(text: "shop@8")!: 90])

        // A build's own hold wins over the target's `*` hold, which wins over the lineage now.
        let latest = ServedTarget(skin: "shop", version: nil)
        let holds = [
            ServedHold(target: latest, audience: .everyone, look: PinnedLook(text: "shop@7")!, heldSkin: "shop", heldVersion: 8, reasons: [], since: ""),
            ServedHold(target: latest, audience: .build(Self.new), look: PinnedLook(text: "shop@6")!, heldSkin: "shop", heldVersion: 7, reasons: [], since: ""),
        ]
        let held = ChannelServing(state: state, liveBuilds: [Self.old, Self.new], current: looks, holds: holds)
        #expect(held.look(of: latest, for: .build(Self.new))?.description == "shop@6")
        #expect(held.look(of: latest, for: .everyone)?.description == "shop@7")
        #expect(held.exposure(for: Self.new) == [PinnedLook(text: "shop@9")!: 10, PinnedLook(text: "shop@6")!: 90])
    }
}
