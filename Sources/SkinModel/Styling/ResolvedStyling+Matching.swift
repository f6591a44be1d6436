extension ResolvedStyling {
    /// The best rule for an element, or `nil` if none matches (docs/skins.md, "Components, styles and rules").
    ///
    /// - Parameters:
    ///   - id: the element's identifier, `section/element/atom`, states allowed
    ///     (`checkout/button[disabled]`). A malformed identifier matches nothing.
    ///   - variants: the requested variants; rules themed for one of them outrank every
    ///     unthemed rule, rules themed for others are ignored. A token set's `axis:context`
    ///     labels (a resolved document's `variants`) count as their context names.
    public func match(id: String, variants: [String]) -> StyleMatch? {
        guard let element = try? ElementIdentifier(parsing: id) else { return nil }
        return match(element, variants: variants)
    }

    /// `match(id:variants:)` for an identifier already parsed.
    public func match(_ element: ElementIdentifier, variants: [String]) -> StyleMatch? {
        let variants = VariantAxis.styleNames(variants)
        var candidates: [StyleMatch.Candidate] = []
        for (index, rule) in rules.enumerated() {
            if let rank = RuleRanking.rank(rule.selector, for: element, variants: variants) {
                candidates.append(StyleMatch.Candidate(selector: rule.selector, rank: rank, ruleIndex: index))
            }
        }
        // Best first; on equal rank the later rule wins.
        candidates.sort { $0.rank != $1.rank ? $0.rank > $1.rank : $0.ruleIndex > $1.ruleIndex }
        guard let best = candidates.first else { return nil }
        return StyleMatch(selector: best.selector, properties: rules[best.ruleIndex].properties, candidates: candidates)
    }

    /// The first image found among the element's candidate names (docs/skins.md, "Components, styles and rules"), with the name that matched.
    ///
    /// Each of the skin's image names is ranked against the identifier (`ImageNameMatcher`)
    /// rather than the `2^components` candidates walked: linear in the identifier's length.
    public func image(for id: String, variants: [String]) -> (name: String, asset: AssetInfo)? {
        var work = 0
        return image(for: id, variants: variants, work: &work)
    }

    /// `image(for:variants:)`, adding the bytes compared and states visited to `work`.
    func image(for id: String, variants: [String], work: inout Int) -> (name: String, asset: AssetInfo)? {
        guard var matcher = ImageNameMatcher(id: id, variants: VariantAxis.styleNames(variants)) else { return nil }
        defer { work += matcher.work }
        var best: (rank: ImageCandidateRank, name: String, asset: AssetInfo)?
        for (name, asset) in images {
            guard let rank = matcher.rank(of: name) else { continue }
            if best.map({ rank < $0.rank }) ?? true { best = (rank, name, asset) }
        }
        return best.map { ($0.name, $0.asset) }
    }
}
