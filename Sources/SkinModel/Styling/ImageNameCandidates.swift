/// The image names tried for an element, best first (docs/skins.md, "Components, styles and rules", after SwiftUIStylable's
/// `StylableImage`).
///
/// For `client/searchbar/image`: `client_searchbar_image`, `*_searchbar_image`,
/// `client_*_image`, `*_*_image`. In general, every combination of the non-atom components
/// with some replaced by `*`, ordered by how many are replaced and then replacing outer
/// components first, each followed by `_atom`. With variants, each candidate is tried with
/// each variant's name and `_` in front, in request order, then bare.
///
/// The identifier's components are used as written (split on `/`, states kept:
/// `checkout/button[disabled]` gives `checkout_button[disabled]`), so per-state images are
/// named like their rules. An identifier with an empty component gives no candidates.
public enum ImageNameCandidates {
    /// Every candidate, best first. The count is `2^(components - 1) × (variants + 1)`: the
    /// order's definition, for tests and short identifiers; `ResolvedStyling.image(for:variants:)`
    /// ranks the skin's names with `ImageNameMatcher` instead of walking these.
    public static func candidates(for id: String, variants: [String]) -> [String] {
        var names: [String] = []
        forEach(for: id, variants: variants) { name in
            names.append(name)
            return true
        }
        return names
    }

    /// Calls `body` with each candidate in order until it returns `false`.
    static func forEach(for id: String, variants: [String], _ body: (String) -> Bool) {
        var parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return }
        let atom = parts.removeLast()
        for replaced in 0...parts.count {
            var stop = false
            forEachCombination(choosing: replaced, from: parts.count) { indices in
                var components = parts
                for index in indices { components[index] = "*" }
                components.append(atom)
                let bare = components.joined(separator: "_")
                for variant in variants where !body(variant + "_" + bare) {
                    stop = true
                    return false
                }
                if !body(bare) {
                    stop = true
                    return false
                }
                return true
            }
            if stop { return }
        }
    }

    /// The `k`-element index sets of `0..<n` in lexicographic order ({0,1}, {0,2}, {1,2}: outer
    /// components replaced first), until `body` returns `false`.
    static func forEachCombination(choosing k: Int, from n: Int, _ body: ([Int]) -> Bool) {
        guard k <= n else { return }
        var indices = Array(0..<k)
        while true {
            guard body(indices) else { return }
            // Advance the rightmost index that can still move right.
            var position = k - 1
            while position >= 0 && indices[position] == n - k + position { position -= 1 }
            guard position >= 0 else { return }
            indices[position] += 1
            for next in (position + 1)..<k { indices[next] = indices[next - 1] + 1 }
        }
    }
}
