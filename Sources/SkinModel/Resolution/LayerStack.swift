/// Orders a request's layers (docs/skins.md, "Inheritance and variants"): the lineage root → leaf, then for each
/// requested variant in request order, that variant's overrides from each skin of the
/// lineage root → leaf. `app?variant=dark` over `base → app` is `base, app, base#dark, app#dark`.
enum LayerStack {
    /// docs/skins.md, "Inheritance and variants": a lineage has at most 16 skins.
    static let maximumLineage = 16

    /// The layers, or the problems that prevent building them.
    ///
    /// Each layer's definitions spend `budget`: a thousand variants over twenty thousand
    /// tokens is what a request naming them all (or a validation trying each) layers.
    static func build(_ request: ResolutionRequest, budget: ExpansionBudget = .unlimited()) -> Result<[Layer], SkinProblems> {
        var problems = SkinProblems()
        let lineage = request.lineage
        let chain = lineage.map(\.layerName).joined(separator: " → ")
        guard !lineage.isEmpty else {
            return .failure(SkinProblems(errors: [.error(.invalidRequest, at: "lineage", "a resolution needs at least one skin version")]))
        }
        if lineage.count > maximumLineage {
            problems.add(.error(.lineageTooDeep, at: "$livery.extends", "the lineage \(chain) has \(lineage.count) skins; at most \(maximumLineage) are allowed"))
        }
        var seen: Set<String> = []
        for (index, entry) in lineage.enumerated() {
            if !seen.insert(entry.skin).inserted {
                problems.add(.error(.cycle, at: "$livery.extends", "the lineage \(chain) returns to skin '\(entry.skin)'"))
            }
            let expectedParent = index == 0 ? nil : lineage[index - 1].skin
            if entry.document.extends?.name != expectedParent {
                let declared = entry.document.extends.map { "extends '\($0)'" } ?? "has no parent"
                problems.add(.error(.invalidRequest, at: "$livery.extends", "\(entry.layerName) \(declared), but the lineage gives it \(expectedParent.map { "parent '\($0)'" } ?? "no parent")"))
            }
        }
        for variant in request.variants where !lineage.contains(where: { $0.document.variants[variant] != nil }) {
            let declared = Set(lineage.flatMap(\.document.variantNames)).sorted()
            let known = declared.isEmpty ? "it declares none" : "declared: \(declared.joined(separator: ", "))"
            problems.add(.error(.unknownVariant, at: "variant", "no skin of the lineage \(chain) defines variant '\(variant)' (\(known))"))
        }
        guard problems.errors.isEmpty else { return .failure(problems) }

        let leaf = lineage.count - 1
        var layers = lineage.enumerated().map { index, entry in
            Layer(name: entry.layerName, location: index == leaf ? nil : entry.layerName, definitions: entry.document.tokens)
        }
        for variant in request.variants {
            for (index, entry) in lineage.enumerated() {
                guard let overrides = entry.document.variants[variant] else { continue }
                let location = index == leaf ? "variant \(variant)" : "\(entry.layerName), variant \(variant)"
                layers.append(Layer(name: "\(entry.layerName)#\(variant)", location: location, definitions: overrides))
            }
        }
        guard budget.spend(layers.reduce(0) { $0 + $1.definitions.count }) else {
            let exhausted = budget.exhaustion(at: "variant", during: "layering \(layers.count) layers")
                ?? .error(.expansionLimit, at: "variant", "this request's expansions passed their limit")
            return .failure(SkinProblems(errors: [exhausted]))
        }
        return .success(layers)
    }
}
