/// Turns a request over a lineage with token sets into one over plain documents (docs/skins.md, "Token sets"):
/// reads the requested variants as a selection (one context per axis, defaults for the rest),
/// merges each token set's selected sources into one document, and remembers what the
/// resolved skin must say and hide afterwards.
///
/// The merged document is ONE layer, so within a token set the last definition simply wins
/// and aliases and expressions are evaluated after the merge, as the Resolver Module says;
/// §1.5's dependent invalidation, which needs several layers, never applies inside it.
struct TokenSetExpansion {
    /// The same request over merged documents; `variants` keeps only plain variant names.
    var request: ResolutionRequest
    /// The whole selection as `axis:context` in resolution order, then the plain variants.
    var labels: [String]
    /// What `@theme/` rules and image names see: the selected contexts' names and the plain variants.
    var styleVariants: [String]
    /// Layer name → tokens that only reference-only (Tokens Studio `source`) sets define.
    var hidden: [String: Set<String>] = [:]
    /// Per token-set entry, leaf first: token or group path → where it was written.
    var locations: [[String: SourceLocation]] = []
    /// The same tables by layer name, for provenance.
    var locationsByLayer: [String: [String: SourceLocation]] = [:]
    /// Problems found while merging and reading the merged documents, already relocated.
    var problems = SkinProblems()

    /// The axes of every token set of a lineage, by name, in order of first appearance
    /// (root first); two skins' axes of one name are one axis, their contexts joined.
    static func axes(of lineage: [LineageEntry]) -> [VariantAxis] {
        var axes: [VariantAxis] = []
        for entry in lineage {
            for axis in entry.document.variantAxes {
                if let index = axes.firstIndex(where: { $0.name == axis.name }) {
                    axes[index].contexts += axis.contexts.filter { !axes[index].contexts.contains($0) }
                    axes[index].defaultContext = axis.defaultContext
                } else {
                    axes.append(axis)
                }
            }
        }
        return axes
    }

    static func expand(_ request: ResolutionRequest, budget: ExpansionBudget = .unlimited()) -> Result<TokenSetExpansion, SkinProblems> {
        let axes = axes(of: request.lineage)
        let chosen: [String: String]
        let plain: [String]
        switch select(request.variants, axes: axes, lineage: request.lineage) {
        case .success(let selection): (chosen, plain) = selection
        case .failure(let problems): return .failure(problems)
        }
        let contexts = axes.map { chosen[$0.name] ?? $0.defaultContext }
        var expansion = TokenSetExpansion(
            request: request, labels: zip(axes, contexts).map { $0.label($1) } + plain, styleVariants: contexts + plain)
        expansion.request.variants = plain
        for (index, entry) in request.lineage.enumerated() {
            guard let tokenSet = entry.document.tokenSet else { continue }
            // A context chosen for an axis of this name that this skin's axis lacks (two skins of
            // the lineage share the axis name) leaves this skin at its own default.
            let choice = tokenSet.axes.map { axis in
                chosen[axis.name].flatMap(axis.contexts.firstIndex(of:)) ?? axis.contexts.firstIndex(of: axis.defaultContext) ?? 0
            }
            expansion.request.lineage[index].document = expansion.merged(entry, tokenSet: tokenSet, choice: choice, budget: budget)
        }
        guard expansion.problems.errors.isEmpty else { return .failure(expansion.problems) }
        return .success(expansion)
    }

    /// The selection's sources merged and read as one document, with the token set's
    /// parent and styling. Problems go to `problems`, relocated to their files.
    private mutating func merged(_ entry: LineageEntry, tokenSet: TokenSet, choice: [Int], budget: ExpansionBudget) -> SkinDocument {
        var merger = TokenTreeMerger()
        for contribution in tokenSet.contributions(for: choice) {
            guard budget.spend(JSONValue.object(contribution.source.tree).valueCount(upTo: budget.limit - budget.spent + 1)) else {
                problems.add(budget.exhaustion(at: entry.layerName, during: "merging the selection's sources")
                    ?? .error(.expansionLimit, at: entry.layerName, "this request's expansions passed their limit"))
                break
            }
            merger.merge(contribution)
        }
        var tree = merger.tree
        // Primer's per-theme values for the contexts this selection picked (docs/skins.md).
        let contexts = zip(tokenSet.axes, choice).map { axis, index in axis.contexts[index] }
        let overridden = PrimerOverrides.apply(to: &tree, contexts: contexts)
        for location in merger.liveryLocations {
            problems.add(.error(.invalidTokenSet, at: location.description, "$livery belongs in the bundle (or at the export's top level), not in a token file"))
        }
        tree["$livery"] = nil
        locations.insert(merger.locations, at: 0)
        locationsByLayer[entry.layerName] = merger.locations
        hidden[entry.layerName] = merger.hidden
        let original = entry.document
        var tokens: [TokenDefinition] = []
        var warnings: [Diagnostic] = []
        var groups: [String: JSONObject] = [:]
        do {
            let document = try SkinDocument(json: .object(tree))
            tokens = document.tokens
            warnings = document.warnings
            groups = document.groups
        } catch {
            problems.add(contentsOf: relocated(error))
        }
        problems.add(contentsOf: relocated(SkinProblems(warnings: PrimerOverrides.warnings(overridden) + warnings)))
        return SkinDocument(
            extends: original.extends, livery: original.livery, tokens: tokens, styling: original.styling, warnings: [], tokenSet: nil, groups: groups)
    }

    /// The resolved tokens a client may see: without those only reference-only sets define,
    /// and with each token-set token's provenance naming the file that won (`app@2:theme/dark.json#/color/ink`),
    /// which is what `explain=1` shows a designer.
    func visible(_ tokens: ResolvedTokens) -> ResolvedTokens {
        var result: [ResolvedTokens.Entry] = []
        result.reserveCapacity(tokens.count)
        for var entry in tokens.entries {
            let layer = entry.token.provenance.layer
            if hidden[layer]?.contains(entry.path) == true { continue }
            if let location = locationsByLayer[layer]?[entry.path] { entry.token.provenance.layer = "\(layer):\(location)" }
            result.append(entry)
        }
        return ResolvedTokens(sorted: result)
    }

    /// Problems with token paths rewritten to `file#/pointer` where a token set wrote the
    /// token (or its nearest enclosing group); `$livery` paths and others stay as they are.
    func relocated(_ problems: SkinProblems) -> SkinProblems {
        SkinProblems(errors: problems.errors.map(relocated), warnings: problems.warnings.map(relocated))
    }

    private func relocated(_ diagnostic: Diagnostic) -> Diagnostic {
        guard !diagnostic.path.isEmpty, !diagnostic.path.hasPrefix("$livery") else { return diagnostic }
        var path = Substring(diagnostic.path)
        while true {
            for table in locations {
                if let location = table[String(path)] {
                    var moved = diagnostic
                    moved.path = location.appending(diagnostic.path.dropFirst(path.count).split(separator: ".").map(String.init)).description
                    if !diagnostic.message.contains(diagnostic.path) { moved.message = "\(diagnostic.path): \(diagnostic.message)" }
                    return moved
                }
            }
            guard let dot = path.lastIndex(of: ".") else { return diagnostic }
            path = path[..<dot]
        }
    }
}
