/// The looks a client can ask for of a lineage (docs/skins.md, "Contrast" and "Token sets"): the
/// base look, each declared variant alone, then each combination of one context per axis of its
/// token set, at most ``ContrastGate/maxSelections``. The release gate checks these, the diff
/// compares these and the validator keeps these resolved for the gate: one meaning of "every look".
public enum LookSelections {
    /// The variant names the lineage (root first) declares, each once, in order of appearance.
    public static func variants(of lineage: [LineageEntry]) -> [String] {
        var variants: [String] = []
        for entry in lineage {
            for name in entry.document.variantNames where !variants.contains(name) { variants.append(name) }
        }
        return variants
    }

    /// The selections, and how many combinations past the bound were left out.
    public static func of(_ lineage: [LineageEntry]) -> (selections: [[String]], skipped: Int) {
        let axes = TokenSetExpansion.axes(of: lineage).map { axis in axis.contexts.map(axis.label) }
        return ContrastGate.selections(variants: variants(of: lineage), axes: axes)
    }
}
