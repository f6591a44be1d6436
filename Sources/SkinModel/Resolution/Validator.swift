/// Publish-time checks (SPEC §1.4, §1.5): everything resolution checks, for the base
/// layers and for each variant the lineage declares on its own, with every error and
/// warning at once (deduplicated), ready for a 422 problem's `errors` and `warnings`.
///
/// A cycle that only appears when several variants combine is not found here; it is
/// reported when that combination is requested.
public enum Validator {
    /// - Parameters:
    ///   - document: the document being published.
    ///   - ancestors: its lineage, root first, ending with the parent (empty for a root skin).
    ///   - assets: the asset catalog (`sha256` hex → info) its `sha256:` references resolve against.
    ///   - skin, version: how layer names in messages call the new document (`app@8`).
    public static func validate(
        document: SkinDocument, ancestors: [LineageEntry], assets: [String: AssetInfo] = [:],
        skin: String = "draft", version: Int = 0
    ) -> SkinProblems {
        var collected = SkinProblems(warnings: document.warnings)
        let lineage = ancestors + [LineageEntry(skin: skin, version: version, document: document)]
        var variants: [String] = []
        for entry in lineage {
            for name in entry.document.variantNames where !variants.contains(name) { variants.append(name) }
        }
        // A token set: every context of every axis once (SPEC §1.9), the others at their defaults.
        let selections = VariantAxis.eachContextOnce(of: TokenSetExpansion.axes(of: lineage))
        for requested in selections + variants.map({ [$0] }) {
            let (_, problems) = Resolver.resolveCollecting(ResolutionRequest(lineage: lineage, variants: requested, assets: assets))
            collected.add(contentsOf: problems)
        }
        return deduplicated(collected)
    }

    static func deduplicated(_ problems: SkinProblems) -> SkinProblems {
        var seen: Set<Diagnostic> = []
        return SkinProblems(
            errors: problems.errors.filter { seen.insert($0).inserted },
            warnings: problems.warnings.filter { seen.insert($0).inserted })
    }
}
