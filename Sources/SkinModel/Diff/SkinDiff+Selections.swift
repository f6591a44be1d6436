/// Which selections a diff compares: those the contrast gate checks (docs/skins.md, "Contrast"),
/// so that "every look a client can ask for" means the same thing to both.
extension SkinDiff {
    /// The selections a lineage (root first) declares: the base look, each declared variant,
    /// each combination of one context per axis of its token set, at most
    /// ``ContrastGate/maxSelections``.
    public static func selections(of lineage: [LineageEntry]) -> [[String]] {
        var variants: [String] = []
        for entry in lineage {
            for name in entry.document.variantNames where !variants.contains(name) { variants.append(name) }
        }
        let axes = TokenSetExpansion.axes(of: lineage).map { axis in axis.contexts.map(axis.label) }
        return ContrastGate.selections(variants: variants, axes: axes).selections
    }

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
        let (shared, added, removed) = split(old: selections(of: old), new: selections(of: new))
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
