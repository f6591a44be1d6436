/// The contrast gate (docs/api.md, "Rollouts, schedules and rollback"): checks every contrast pair of a skin with the WCAG 2 ratio,
/// for the base look, each variant its lineage declares, and each combination of one context
/// per axis of a token set.
///
/// Pure: it resolves with ``Resolver`` and reads nothing else. The server runs it before an
/// activation, a schedule or a rollout (failures → `409` unless an admin forces it); the
/// ``Validator`` reports the same failures as `contrast` warnings on validate and publish.
///
/// ```swift
/// let report = ContrastGate.check(lineage: entries)
/// report.failures.first?.diagnostic.message
/// // "{color.text} on {color.background} has contrast 2.93:1 under variants dark; at least 4.5:1 is required"
/// ```
public enum ContrastGate {
    /// Most variant selections checked for one skin. A token set with many axes multiplies
    /// its contexts (five axes of four contexts are 1,024 combinations); past this bound the
    /// remaining combinations are not checked, and the report says how many were skipped
    /// (a `contrast-unchecked` warning), so a designer knows the gate is partial.
    public static let maxSelections = 64

    /// What checking found.
    public struct Report: Sendable, Hashable {
        /// Pairs below their minimum, by selection then pair.
        public var failures: [ContrastFailure] = []
        /// Findings that did not fail a pair: malformed declarations, pairs that are not colours,
        /// selections past ``ContrastGate/maxSelections``.
        public var warnings: [Diagnostic] = []
        /// The variant selections checked, base look first.
        public var selections: [[String]] = []
        /// How many pairs were measured, over every selection: a skin with none has nothing left
        /// unchecked past ``ContrastGate/maxSelections`` to warn about.
        var measuredPairs = 0

        /// Failures and findings as warnings, for validate and publish: one per failing pair,
        /// naming the selections it fails under (``ContrastFailure/folded(_:checked:)``).
        public var diagnostics: [Diagnostic] { ContrastFailure.folded(failures, checked: selections) + warnings }
    }

    /// The selections to check: the base look, each declared variant alone, then each
    /// combination of one context per axis, at most ``maxSelections`` in all.
    ///
    /// - Parameter axes: a token set's axes, each a list of its contexts as variant names (`theme:dark`).
    /// - Returns: the selections and how many combinations were left out past the bound.
    public static func selections(variants: [String], axes: [[String]] = []) -> (selections: [[String]], skipped: Int) {
        var kept: [[String]] = [[]]
        var skipped = 0
        func offer(_ selection: [String]) {
            guard !kept.contains(selection) else { return }
            if kept.count < maxSelections { kept.append(selection) } else { skipped += 1 }
        }
        for variant in variants { offer([variant]) }
        let axes = axes.filter { !$0.isEmpty }
        guard !axes.isEmpty else { return (kept, skipped) }
        var total = 1
        for axis in axes {
            let (product, overflow) = total.multipliedReportingOverflow(by: axis.count)
            total = overflow ? Int.max : product
        }
        // An odometer over the axes; combinations past the bound are counted, never built.
        var position = [Int](repeating: 0, count: axes.count)
        var visited = 0
        while visited < total, kept.count < maxSelections {
            offer(axes.indices.map { axes[$0][position[$0]] })
            visited += 1
            var axis = axes.count - 1
            while axis >= 0 {
                position[axis] += 1
                if position[axis] < axes[axis].count { break }
                position[axis] = 0
                axis -= 1
            }
        }
        return (kept, skipped + (total - visited))
    }

    /// Checks a lineage (root first, the skin being checked last): the base look, each declared
    /// variant, and each combination of one context per axis of its token set (docs/skins.md, "Token sets").
    ///
    /// - Parameter resolved: selections already resolved from this lineage and these assets
    ///   (the ``Validator``'s), reused instead of resolved again; the others are resolved here.
    public static func check(
        lineage: [LineageEntry], assets: [String: AssetInfo] = [:], resolved: [[String]: ResolvedSkin] = [:]
    ) -> Report {
        let (selections, skipped) = LookSelections.of(lineage)
        var report = Report(selections: selections)
        let (declared, malformed) = ContrastPairs.declared(in: lineage)
        report.warnings += malformed
        for selection in selections {
            let skin = resolved[selection]
                ?? Resolver.resolveCollecting(ResolutionRequest(lineage: lineage, variants: selection, assets: assets)).0
            // A selection that does not resolve is the validator's finding (an error), not the gate's.
            guard let skin else { continue }
            report.add(check(skin, declared: declared))
        }
        // Only where it means something: selections past the bound hide a pair's failure only
        // when the skin has pairs (declared, or implied by its styling).
        if skipped > 0, !declared.isEmpty || report.measuredPairs > 0 {
            report.warnings.append(.warning(
                .contrastUnchecked, at: "$livery",
                "\(skipped) variant combinations past the first \(maxSelections) were not checked for contrast"))
        }
        report.warnings = Validator.deduplicated(SkinProblems(warnings: report.warnings)).warnings
        return report
    }

    /// Checks one resolved selection against the declared pairs and the pairs its styling implies.
    public static func check(_ skin: ResolvedSkin, declared: [ContrastRequirement]) -> Report {
        var report = Report(selections: [skin.variants])
        for requirement in declared {
            guard let foreground = ContrastPairs.color(requirement.foreground, in: skin.tokens),
                let background = ContrastPairs.color(requirement.background, in: skin.tokens)
            else {
                report.warnings.append(.warning(
                    .contrastUnchecked, at: requirement.path,
                    "\(requirement.foreground) on \(requirement.background) cannot be checked: both must be colour tokens ({path}) or colours"))
                continue
            }
            report.compare(requirement, foreground, background, variants: skin.variants)
        }
        for (requirement, foreground, background) in ContrastPairs.implied(by: skin.styling) {
            report.compare(requirement, foreground, background, variants: skin.variants)
        }
        return report
    }
}

extension ContrastGate.Report {
    mutating func compare(_ requirement: ContrastRequirement, _ foreground: RGBAColor, _ background: RGBAColor, variants: [String]) {
        let ratio = foreground.contrastRatio(with: background)
        measuredPairs += 1
        if ratio < requirement.minimum {
            failures.append(ContrastFailure(requirement: requirement, variants: variants, ratio: ratio))
        }
    }

    mutating func add(_ other: ContrastGate.Report) {
        measuredPairs += other.measuredPairs
        failures += other.failures
        warnings += other.warnings
    }
}
