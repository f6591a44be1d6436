/// Which selections a diff compares: ``LookSelections``, those the release gate checks, so that
/// "every look a client can ask for" means the same thing to both.
extension SkinDiff {
    /// The old and new selections split into those both declare (in the new version's order),
    /// those only the new one declares, and those only the old one declared.
    public static func split(old: [[String]], new: [[String]]) -> (shared: [[String]], added: [[String]], removed: [[String]]) {
        let oldSet = Set(old), newSet = Set(new)
        return (new.filter(oldSet.contains), new.filter { !oldSet.contains($0) }, old.filter { !newSet.contains($0) })
    }

    /// Resolves every selection of two lineages and compares them: the pure form of what the
    /// server does from its caches. A selection that does not resolve on one side is skipped
    /// (it is that version's validation error, not a difference).
    public static func compare(old: [LineageEntry], new: [LineageEntry], assets: [String: AssetInfo] = [:]) -> SkinDiff {
        let (shared, added, removed) = split(old: LookSelections.of(old).selections, new: LookSelections.of(new).selections)
        var comparisons: [Comparison] = []
        for selection in shared {
            guard let before = try? Resolver.resolve(ResolutionRequest(lineage: old, variants: selection, assets: assets)),
                let after = try? Resolver.resolve(ResolutionRequest(lineage: new, variants: selection, assets: assets))
            else { continue }
            comparisons.append(Comparison(selection: selection, old: before, new: after))
        }
        return compare(comparisons, selectionsAdded: added, selectionsRemoved: removed)
    }
}
