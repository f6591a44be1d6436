/// One variant axis of a token set (docs/skins.md, "Token sets"): a resolver modifier or a Tokens Studio theme
/// group, whose contexts (theme names) are the values a request picks from.
///
/// Axes are what `GET /v1/skins/{skin}` lists and what a release gate walks: every
/// permutation is one choice of context per axis.
///
/// ```swift
/// let axes = document.variantAxes          // [theme: light|dark, size: desktop|mobile]
/// VariantAxis.permutations(of: axes)       // [["theme:light", "size:desktop"], …] (4 of them)
/// ```
public struct VariantAxis: Sendable, Hashable {
    /// The modifier's or theme group's name.
    public var name: String
    /// In document order.
    public var contexts: [String]
    /// The context used when a request names none of this axis: the modifier's `default`,
    /// else its first context; a theme group's first theme.
    public var defaultContext: String

    public init(name: String, contexts: [String], defaultContext: String) {
        self.name = name
        self.contexts = contexts
        self.defaultContext = defaultContext
    }

    /// `axis:context`, as the resolved document's `variants` lists a selection.
    public func label(_ context: String) -> String { "\(name):\(context)" }

    /// Every permutation (one context per axis), each as `axis:context` labels in axis
    /// order, the first axis varying slowest. A token set without axes has one, empty.
    /// Pass each as the `variant` list of a request to get that permutation.
    public static func permutations(of axes: [VariantAxis]) -> [[String]] {
        var result: [[String]] = [[]]
        for axis in axes {
            result = result.flatMap { prefix in axis.contexts.map { prefix + [axis.label($0)] } }
        }
        return result
    }

    /// How many permutations `permutations(of:)` would list, without listing them.
    public static func permutationCount(of axes: [VariantAxis]) -> Int {
        axes.reduce(1) { $0.multipliedReportingOverflow(by: max($1.contexts.count, 1)).partialValue }
    }

    /// The default selection plus each non-default context on its own (others at their
    /// default): every context resolved at least once, in 1 + Σ(contexts − 1) selections.
    /// What publish-time validation checks.
    public static func eachContextOnce(of axes: [VariantAxis]) -> [[String]] {
        var result: [[String]] = [[]]
        for axis in axes {
            for context in axis.contexts where context != axis.defaultContext { result.append([axis.label(context)]) }
        }
        return result
    }

    /// Why a name cannot be an axis or context, or nil: requests write `axis:context` in a
    /// comma-separated `variant` list, so neither separator may appear in a name.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "must not be empty" }
        if let bad = name.first(where: { $0 == "," || $0 == ":" }) { return "'\(name)' must not contain '\(bad)'" }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true { return "'\(name)' must not start or end with a space" }
        return nil
    }
}
