/// The release gate's checks on one look (docs/skins.md, the contrast gate; docs/apps.md, the
/// compatibility gate): its contrast pairs and every live build's contract, on the same
/// selections — the base look, each declared variant, each combination of one context per axis
/// of a token set, bounded by ``ContrastGate/maxSelections`` — each resolved once for both.
///
/// ```swift
/// let report = ReleaseCheck.check(lineage: entries, assets: assets, contracts: [("ios/3.2.1", contract)])
/// report.passes   // false: report.incompatible names the build and each path it misses
/// ```
public enum ReleaseCheck {
    /// What the gate found for one look.
    public struct Report: Sendable, Hashable {
        public var contrast: ContrastGate.Report
        /// One per build and missing or retyped entry (the first selection showing it).
        public var incompatible: [CompatibilityFinding]

        /// Nothing fails: the look may go live.
        public var passes: Bool { contrast.failures.isEmpty && incompatible.isEmpty }
    }

    /// Checks a lineage (root first) against its contrast pairs and `contracts`.
    ///
    /// - Parameters:
    ///   - contracts: `(build, contract)` for each build the look would reach; empty checks contrast only.
    ///   - resolved: selections already resolved from this lineage and these assets (the
    ///     validator's), reused; the others are resolved here, once.
    /// - Work: one resolution per selection (at most ``ContrastGate/maxSelections``), then for each
    ///   contract the lookups of ``BuildContract/check(_:build:)`` per selection.
    public static func check(
        lineage: [LineageEntry], assets: [String: AssetInfo] = [:], contracts: [(build: String, contract: BuildContract)] = [],
        resolved: [[String]: ResolvedSkin] = [:]
    ) -> Report {
        var resolved = resolved
        let looks = resolve(lineage: lineage, assets: assets, into: &resolved)
        let contrast = ContrastGate.check(lineage: lineage, assets: assets, resolved: resolved)
        var incompatible: [CompatibilityFinding] = []
        for (build, contract) in contracts {
            incompatible += contract.check(looks, build: build)
        }
        return Report(contrast: contrast, incompatible: incompatible)
    }

    /// The compatibility half alone, for validate and publish (whose validator already ran the
    /// contrast gate on `resolved`): the findings of each contract on the gate's selections.
    public static func incompatible(
        lineage: [LineageEntry], assets: [String: AssetInfo] = [:], contracts: [(build: String, contract: BuildContract)],
        resolved: [[String]: ResolvedSkin] = [:]
    ) -> [CompatibilityFinding] {
        guard !contracts.isEmpty else { return [] }
        var resolved = resolved
        let looks = resolve(lineage: lineage, assets: assets, into: &resolved)
        return contracts.flatMap { $0.contract.check(looks, build: $0.build) }
    }

    /// The gate's selections of a lineage resolved, to hand to ``check(lineage:assets:contracts:resolved:)``
    /// and ``incompatible(lineage:assets:contracts:resolved:)`` when one look is checked more than once.
    public static func resolvedSelections(
        lineage: [LineageEntry], assets: [String: AssetInfo] = [:], reusing resolved: [[String]: ResolvedSkin] = [:]
    ) -> [[String]: ResolvedSkin] {
        var resolved = resolved
        _ = resolve(lineage: lineage, assets: assets, into: &resolved)
        return resolved
    }

    /// The gate's selections resolved, base look first, reusing and filling `resolved`. A
    /// selection that does not resolve is left out: that is the validator's finding, not the gate's.
    static func resolve(lineage: [LineageEntry], assets: [String: AssetInfo], into resolved: inout [[String]: ResolvedSkin]) -> [ResolvedSkin] {
        var looks: [ResolvedSkin] = []
        for selection in LookSelections.of(lineage).selections {
            if resolved[selection] == nil {
                resolved[selection] = Resolver.resolveCollecting(ResolutionRequest(lineage: lineage, variants: selection, assets: assets)).0
            }
            if let look = resolved[selection] { looks.append(look) }
        }
        return looks
    }
}
