/// Publish-time checks (docs/skins.md, "Inheritance and variants", §1.5): everything resolution checks, for the base
/// layers and for each variant the lineage declares on its own, with every error and
/// warning at once (deduplicated, the warnings one per kind naming their paths, docs/skins.md, "What tool exports may contain"), ready
/// for a 422 problem's `errors` and `warnings`.
///
/// A cycle that only appears when several variants combine is not found here; it is
/// reported when that combination is requested. Contrast pairs below their minimum
/// (``ContrastGate``) are reported as `contrast` warnings, for the selections the gate checks.
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
        var resolved: [[String]: ResolvedSkin] = [:]
        return validate(document: document, ancestors: ancestors, assets: assets, skin: skin, version: version, resolved: &resolved)
    }

    /// The most tokens, summed over the gate's selections, that validation resolves and hands
    /// back at once: the corpus's largest token set (1,353 tokens × 12 selections) fits; a 20,000-token set with 64
    /// combinations (hundreds of MB held together) is resolved one selection at a time instead.
    public static let keptSelectionTokens = 200_000

    /// ``validate(document:ancestors:assets:skin:version:)`` that also hands back the selections
    /// it resolved, so the release gate's checks (a live build's contract, ``ReleaseCheck``) reuse
    /// them instead of resolving the same look again.
    public static func validate(
        document: SkinDocument, ancestors: [LineageEntry], assets: [String: AssetInfo] = [:],
        skin: String = "draft", version: Int = 0, resolved: inout [[String]: ResolvedSkin]
    ) -> SkinProblems {
        var collected = SkinProblems(warnings: document.warnings)
        let lineage = ancestors + [LineageEntry(skin: skin, version: version, document: document)]
        let variants = LookSelections.variants(of: lineage)
        // A token set: every context of every axis once (docs/skins.md, "Token sets"), the others at their defaults.
        let selections = VariantAxis.eachContextOnce(of: TokenSetExpansion.axes(of: lineage))
        // Kept for the contrast gate, which checks the same selections (the base look and each
        // variant alone): resolving them twice was half of a publish's time. Only those the gate
        // checks are kept (at most `ContrastGate.maxSelections`): 200 contexts over 20,000 tokens
        // held every selection at once (1.2 GB).
        let gated = Set(LookSelections.of(lineage).selections)
        var done: Set<[String]> = []
        // One budget for every selection: each resolves the whole lineage again, so a thousand
        // variants over twenty thousand tokens is twenty million definitions layered.
        let budget = ExpansionBudget(inputUnits: Resolver.inputUnits(of: ResolutionRequest(lineage: lineage)))
        for requested in selections + variants.map({ [$0] }) where done.insert(requested).inserted {
            let (skin, problems) = Resolver.resolveCollecting(
                ResolutionRequest(lineage: lineage, variants: requested, assets: assets), budget: budget)
            collected.add(contentsOf: problems)
            if budget.isExhausted { break }
            if gated.contains(requested) { resolved[requested] = skin }
            // A token set's sources are checked where it expands them; a document's tree here.
            if problems.errors.isEmpty, document.tokenSet == nil {
                let written = requested.first.map { document.variantInputPaths[$0] ?? [] } ?? document.inputPaths
                collected.add(contentsOf: lostTokens(written, resolved: skin, variant: requested.first))
            }
        }
        // The contrast gate (docs/api.md, "Rollouts, schedules and rollback"), on the selections it checks (every combination of one
        // context per axis, bounded): its failures are warnings here, 409s on activation.
        if collected.errors.isEmpty {
            // The gate checks every combination of one context per axis, most of which the loop
            // above did not resolve: resolved here once and handed back, so the activation that
            // follows a publish does not resolve them again (the corpus's largest: 12 selections, 0.7 s). Only
            // while they are small enough to hold together (``keptSelectionTokens``).
            let tokensPerSelection = resolved.values.first?.tokens.count ?? 0
            if tokensPerSelection * gated.count <= keptSelectionTokens {
                _ = ReleaseCheck.resolve(lineage: lineage, assets: assets, into: &resolved)
            }
            collected.warnings += ContrastGate.check(lineage: lineage, assets: assets, resolved: resolved).diagnostics
        }
        return deduplicated(collected).groupingWarnings()
    }

    /// docs/skins.md, "What tool exports may contain", "never silently lost": a resolution without errors must hold every token the
    /// document writes. One that does not is a bug in Livery; this turns it into a 422
    /// (`lost-token`) instead of a 201 that drops a designer's token.
    static func lostTokens(_ written: [String], resolved: ResolvedSkin?, variant: String?) -> SkinProblems {
        var problems = SkinProblems()
        let prefix = variant.map { "$livery.variants.\($0)." } ?? ""
        for path in written where resolved?.tokens[path] == nil {
            problems.add(.error(.lostToken, at: prefix + path, "'\(path)' is in the document but not in the resolved result; Livery would lose it (a bug: please report it with the document)"))
        }
        return problems
    }

    static func deduplicated(_ problems: SkinProblems) -> SkinProblems {
        var seen: Set<Diagnostic> = []
        return SkinProblems(
            errors: problems.errors.filter { seen.insert($0).inserted },
            warnings: problems.warnings.filter { seen.insert($0).inserted })
    }
}
