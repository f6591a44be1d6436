/// Selector matching and ranking, after SwiftUIStylable's matcher (docs/skins.md, "Components, styles and rules").
///
/// - The atoms must be equal (a selector state must equal the element's; no state matches any).
/// - The selector's other components must appear among the element's in order, innermost to
///   outermost; the element may have components the selector skips.
/// - Weights: with `n` element components before the atom, walking them innermost first,
///   `w` starts at `4^n` and is divided by 4 at each step; a matched name adds `w/2`, a matched
///   state adds `w`, `*` adds nothing, the atom counts 1. For `home/header/searchBar/label`
///   (n = 3) that is 32 for `searchBar`, 8 for `header`, 2 for `home`.
///
/// Decisions docs/skins.md leaves open (documented here and in the tests):
/// - A state on the atom counts like one on any other component, at the atom's weight 1
///   (`label[selected]` ranks 2, above `label` and below `home/label` at 3). So even every
///   name and state matched further out never reaches one more name matched further in:
///   the order stays lexicographic, innermost first.
/// - When a selector could be laid over the element in several ways (`a/x` on `a/a/x`), the
///   best-ranking placement counts.
/// - All requested themes rank alike; among themed rules, specificity and then order decide.
public enum RuleRanking {
    /// The rank of `selector` for `element`, or `nil` when it does not match (including a
    /// themed selector whose theme is not among `variants`).
    public static func rank(_ selector: StyleSelector, for element: ElementIdentifier, variants: [String]) -> RuleRank? {
        if let theme = selector.theme, !variants.contains(theme) { return nil }
        guard selector.atom.name == element.atom.name else { return nil }
        var atomScore = 1.0
        if let state = selector.atom.state {
            guard state == element.atom.state else { return nil }
            atomScore += 1
        }
        guard let outer = bestPlacement(of: selector.components, in: element.components) else { return nil }
        let isExact = selector.atom == element.atom
            && selector.components == element.components.map { StyleSelector.Component.name($0.name, state: $0.state) }
        return RuleRank(isThemed: selector.theme != nil, isExact: isExact, specificity: atomScore + outer)
    }

    /// The weight of the element component at `index` (outermost is 0) among `count`: the
    /// innermost (`count - 1`) weighs `4^count`, each step outward a quarter of that.
    static func weight(ofIndex index: Int, count: Int) -> Double {
        var weight = 4.0
        for _ in 0..<index { weight *= 4 }
        return weight
    }

    /// The highest score of `selector` laid over `element` as an ordered subsequence, or `nil`.
    ///
    /// Dynamic programming over (selector prefix, element prefix), one row at a time and the
    /// weights computed once: O(selector × element) time, O(element) memory, so a hostile
    /// identifier of thousands of components costs each rule a pass over it, no more.
    static func bestPlacement(of selector: [StyleSelector.Component], in element: [ElementIdentifier.Component]) -> Double? {
        var work = 0
        return bestPlacement(of: selector, in: element, work: &work)
    }

    /// `bestPlacement(of:in:)`, adding the cells computed to `work`.
    static func bestPlacement(
        of selector: [StyleSelector.Component], in element: [ElementIdentifier.Component], work: inout Int
    ) -> Double? {
        guard selector.count <= element.count else { return nil }
        if selector.isEmpty { return 0 }
        var weights = [Double](repeating: 4, count: element.count)
        for j in weights.indices.dropFirst() { weights[j] = weights[j - 1] * 4 }
        // previous[j]: best score placing selector[0..<i-1] within element[0..<j]; nil = impossible.
        var previous = [Double?](repeating: 0, count: element.count + 1)
        for i in 1...selector.count {
            var row = [Double?](repeating: nil, count: element.count + 1)
            for j in i...element.count {
                work += 1
                var candidate = row[j - 1]
                if let before = previous[j - 1], let gain = gain(selector[i - 1], element[j - 1], weight: weights[j - 1]) {
                    candidate = max(candidate ?? -1, before + gain)
                }
                row[j] = candidate
            }
            previous = row
        }
        return previous[element.count]
    }

    /// What one selector component adds when placed on one element component, or `nil` if it cannot.
    static func gain(_ selector: StyleSelector.Component, _ element: ElementIdentifier.Component, weight: Double) -> Double? {
        switch selector {
        case .wildcard:
            return 0
        case .name(let name, nil):
            return name == element.name ? weight / 2 : nil
        case .name(let name, let state?):
            return name == element.name && state == element.state ? weight / 2 + weight : nil
        }
    }
}
