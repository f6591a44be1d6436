/// Contrast failures as a designer reads them (docs/skins.md, "Contrast checks"): one warning per
/// pair, naming the selections it fails under, instead of one per selection. A token set's axis
/// that changes no colour (Primer's `size`) multiplies the selections but not the problems: a pair
/// failing alike in every context of an axis says "any size" once.
extension ContrastFailure {
    /// One `contrast` warning per pair (in the order pairs first fail): its ratios, each with the
    /// selections it has that ratio under, among the `checked` selections.
    static func folded(_ failures: [ContrastFailure], checked: [[String]]) -> [Diagnostic] {
        var order: [ContrastRequirement] = []
        var byPair: [ContrastRequirement: [ContrastFailure]] = [:]
        for failure in failures {
            if byPair[failure.requirement] == nil { order.append(failure.requirement) }
            byPair[failure.requirement, default: []].append(failure)
        }
        return order.map { requirement in
            let pairFailures = byPair[requirement]!
            var ratios: [String] = []
            var selections: [String: [[String]]] = [:]
            for failure in pairFailures {
                if selections[failure.ratioText] == nil { ratios.append(failure.ratioText) }
                selections[failure.ratioText, default: []].append(failure.variants)
            }
            let parts = ratios.map { "\($0):1 under \(describe(selections[$0]!, checked: checked))" }
            return .warning(
                .contrast, at: requirement.path,
                "\(requirement.foreground) on \(requirement.background) has contrast \(parts.joined(separator: "; ")); at least "
                    + "\(pairFailures[0].minimumText):1 is required")
        }
    }

    /// `variants theme:dark (any size)`, `the base look and variants dark`, `any theme and size`:
    /// `selections` with every axis dropped whose contexts they hold alike (each of them holds
    /// with that axis's every other checked context too).
    static func describe(_ selections: [[String]], checked: [[String]]) -> String {
        var failing = selections
        var all = checked
        var anyOf: [String] = []
        let axes = Set(checked.joined().compactMap(axisName)).sorted()
        for axis in axes {
            let contexts = Set(all.joined().filter { axisName($0) == axis })
            guard contexts.count > 1, failing.contains(where: { $0.contains { axisName($0) == axis } }) else { continue }
            // A selection without the axis (the base look) neither holds it alike nor differently.
            let alike = failing.allSatisfy { selection in
                guard let index = selection.firstIndex(where: { axisName($0) == axis }) else { return true }
                return contexts.allSatisfy { context in
                    var other = selection
                    other[index] = context
                    return !all.contains(other) || failing.contains(other)
                }
            }
            guard alike else { continue }
            anyOf.append(axis)
            failing = unique(failing.map { $0.filter { axisName($0) != axis } })
            all = unique(all.map { $0.filter { axisName($0) != axis } })
        }
        let any = anyOf.isEmpty ? "" : "any " + anyOf.joined(separator: " and ")
        if failing == [[]], !anyOf.isEmpty { return any }
        let named = failing.map { $0.isEmpty ? "the base look" : "variants " + $0.joined(separator: ",") }.joined(separator: " and ")
        return anyOf.isEmpty ? named : "\(named) (\(any))"
    }

    /// `theme` of `theme:dark`; nil for a variant that belongs to no axis.
    private static func axisName(_ label: String) -> String? {
        label.firstIndex(of: ":").map { String(label[..<$0]) }
    }

    private static func unique(_ selections: [[String]]) -> [[String]] {
        var seen: Set<[String]> = []
        return selections.filter { seen.insert($0).inserted }
    }
}
