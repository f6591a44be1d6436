/// Resolves a skin version with its lineage and requested variants into final values
/// (docs/skins.md, "Inheritance and variants"–§1.6): layers, types, expressions, dependent invalidation, then styling.
///
/// ```swift
/// let skin = try Resolver.resolve(ResolutionRequest(
///     lineage: [LineageEntry(skin: "base", version: 3, document: base),
///               LineageEntry(skin: "app", version: 7, document: app)],
///     variants: ["dark"]))
/// let bytes = skin.canonicalBytes(format: .flat, explain: false, channel: "default")
/// ```
public enum Resolver {
    /// - Throws: `SkinProblems` with every error found (and the warnings) when the
    ///   request cannot be resolved: `unknown-variant`, `lineage-too-deep`, `cycle`,
    ///   `type-mismatch`, `unknown-reference`, invalid values, styling errors, ….
    public static func resolve(_ request: ResolutionRequest) throws(SkinProblems) -> ResolvedSkin {
        let (skin, problems) = resolveCollecting(request)
        guard let skin, problems.errors.isEmpty else { throw problems }
        return skin
    }

    /// Resolves as far as possible, returning whatever resolved together with all problems
    /// (the validator wants every error, not only the first phase's).
    ///
    /// - Parameter budget: what the expansions may cost (variant layers, token-set merges,
    ///   cycle reports); by default a budget for this request's input alone. The validator
    ///   passes one budget for all the selections it resolves.
    static func resolveCollecting(_ request: ResolutionRequest, budget: ExpansionBudget? = nil) -> (ResolvedSkin?, SkinProblems) {
        let budget = budget ?? ExpansionBudget(inputUnits: inputUnits(of: request))
        var request = request
        request.variants = ResolutionRequest.canonicalVariants(request.variants)
        guard request.lineage.contains(where: { $0.document.tokenSet != nil }) else {
            return resolveLayers(request, styleVariants: request.variants, budget: budget)
        }
        let expansion: TokenSetExpansion
        switch TokenSetExpansion.expand(request, budget: budget) {
        case .success(let expanded): expansion = expanded
        case .failure(let problems): return (nil, problems)
        }
        var (skin, problems) = resolveLayers(expansion.request, styleVariants: expansion.styleVariants, budget: budget)
        problems = expansion.relocated(problems)
        problems.add(contentsOf: expansion.problems)
        if var resolved = skin {
            resolved.variants = expansion.labels
            resolved.tokens = expansion.visible(resolved.tokens)
            resolved.warnings = problems.groupingWarnings().warnings
            skin = resolved
        }
        return (skin, problems)
    }

    /// Resolves plain documents: layers, tokens, then styling with `styleVariants` (the
    /// names `@theme/` rules and image names are matched against).
    static func resolveLayers(
        _ request: ResolutionRequest, styleVariants: [String], budget: ExpansionBudget = .unlimited()
    ) -> (ResolvedSkin?, SkinProblems) {
        let layers: [Layer]
        switch LayerStack.build(request, budget: budget) {
        case .success(let built): layers = built
        case .failure(let problems): return (nil, problems)
        }
        let engine = ResolutionEngine(layers: layers, assets: request.assets, budget: budget)
        let tokens = engine.run()
        var problems = engine.problems
        let failedPaths = Set(engine.paths.indices.filter { engine.failed[$0] }.map { engine.paths[$0] })
        let values = TokenValueResolver(tokens: tokens, assets: request.assets, failedPaths: failedPaths)
        let (styling, stylingProblems) = StyleSheetResolver.resolve(
            sections: request.lineage.map(\.document.styling), variants: styleVariants, values: values)
        problems.add(contentsOf: stylingProblems)
        let leaf = request.lineage[request.lineage.count - 1]
        let skin = ResolvedSkin(
            skin: leaf.skin, version: leaf.version, lineage: request.lineage.map(\.layerName), variants: request.variants,
            tokens: tokens, styling: styling, warnings: problems.warnings)
        var resolved = skin
        for entry in request.lineage {
            resolved.dottedNames.merge(entry.document.dottedNames) { _, later in later }
            for (path, metadata) in entry.document.groups {
                var merged = resolved.groups[path] ?? JSONObject()
                for (key, value) in metadata.members { merged[key] = value }
                resolved.groups[path] = merged
            }
        }
        return (resolved, problems)
    }

    /// What a request's budget is proportional to: every definition its lineage writes
    /// (variants' included) and every JSON value its token sets were published with.
    static func inputUnits(of request: ResolutionRequest) -> Int {
        request.lineage.reduce(request.variants.count) { total, entry in
            let document = entry.document
            return total + document.tokens.count + document.variants.values.reduce(0) { $0 + $1.count }
                + (document.tokenSet?.inputUnits ?? 0)
        }
    }
}
