/// A skin version published as a token set (docs/skins.md, "Token sets"): a DTCG Resolver Module 2025.10
/// document with the files it references, or a Tokens Studio export. Its modifiers or theme
/// groups are variant axes; a selection (one context per axis) picks the sources that are
/// merged, in order, into one token tree, which then resolves like a single document.
///
/// Parsing (`SkinDocument.parse`) reads the structure and every source, checking references
/// and limits; merging happens per selection, at resolution.
public struct TokenSet: Sendable, Hashable {
    /// Which of docs/skins.md, "Token sets" two input forms the version was published in.
    public enum Form: String, Sendable, Hashable {
        case resolver
        case tokensStudio = "tokens-studio"
    }

    /// A resolver's `resolutionOrder`, flattened: fixed sources, or one modifier's contexts.
    enum ResolverStep: Sendable, Hashable {
        case sources([TokenSource])
        /// The axis index and, per context in axis order, its sources.
        case modifier(axis: Int, contexts: [[TokenSource]])
    }

    /// A Tokens Studio theme: for each set it names, how the set takes part.
    enum SetStatus: String, Sendable, Hashable, Comparable {
        case disabled, source, enabled

        static func < (lhs: SetStatus, rhs: SetStatus) -> Bool {
            let order: [SetStatus] = [.disabled, .source, .enabled]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    enum Plan: Sendable, Hashable {
        case resolver([ResolverStep])
        /// Sets in `tokenSetOrder`; per axis, per theme (context), the statuses it selects.
        /// Without themes, every set is enabled.
        case tokensStudio(sets: [String: TokenSource], order: [String], themes: [[[String: SetStatus]]])
    }

    public let form: Form
    /// In resolution order (resolver: first appearance in `resolutionOrder`; Tokens Studio:
    /// first appearance of the group in `$themes`).
    public let axes: [VariantAxis]
    let plan: Plan
    /// The JSON values the version was published with (resolver, files, or export): what
    /// its resolutions' `ExpansionBudget` is proportional to.
    var inputUnits = 0

    /// The sources one selection merges, in merge order.
    /// - Parameter choice: a context index per axis.
    func contributions(for choice: [Int]) -> [TokenContribution] {
        switch plan {
        case .resolver(let steps):
            return steps.flatMap { step -> [TokenContribution] in
                switch step {
                case .sources(let sources): sources.map { TokenContribution(source: $0, outputs: true) }
                case .modifier(let axis, let contexts): contexts[choice[axis]].map { TokenContribution(source: $0, outputs: true) }
                }
            }
        case .tokensStudio(let sets, let order, let themes):
            var status: [String: SetStatus] = [:]
            if themes.isEmpty {
                for name in order { status[name] = .enabled }
            }
            for (axis, contexts) in themes.enumerated() {
                for (name, selected) in contexts[choice[axis]] { status[name] = max(status[name] ?? .disabled, selected) }
            }
            // `source` sets come first, so an enabled set's token always wins over a reference-only
            // one (as Style Dictionary's `include` under `source`, which Tokens Studio's tools use).
            let referenceOnly = order.filter { status[$0] == .source }.compactMap { sets[$0] }
            let enabled = order.filter { status[$0] == .enabled }.compactMap { sets[$0] }
            return referenceOnly.map { TokenContribution(source: $0, outputs: false) }
                + enabled.map { TokenContribution(source: $0, outputs: true) }
        }
    }
}
