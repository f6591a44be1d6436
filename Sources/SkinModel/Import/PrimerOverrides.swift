/// Primer's per-theme values (docs/skins.md, "Primer's theme overrides"): GitHub's Primer writes
/// a token's light value as its `$value` and the value for another theme beside it, in
/// `$extensions["org.primer.overrides"]` keyed by the theme's name (`dark`, `dark-dimmed`,
/// `light-high-contrast`, …): a text (the `$value` in that theme) or an object of members that
/// replace the token's (`$value`, Primer's `alpha`). Primer's own build swaps them in for the
/// theme it builds (its `themeOverrides` preprocessor, `{...token, ...override}`).
///
/// A token set does the same per selection: when a context of the selection bears the name of an
/// override, the token takes the override's members in that context, so `borderColor.default`
/// in Primer's `dark` context is Primer's dark border, not its light one. Only exact names match
/// (Primer's `dark-high-contrast` override is not the bundle's `dark-hc` context). Each applied
/// override is a `mapped-type` warning naming the token and the context.
enum PrimerOverrides {
    static let extensionKey = "org.primer.overrides"

    /// One override applied: the token's path and the context whose name it bears.
    struct Applied: Equatable {
        var path: String
        var context: String
    }

    /// Applies to every token of `tree` the override it carries for one of `contexts` (the
    /// selection's context names in axis order; where two match, the later axis wins).
    static func apply(to tree: inout JSONObject, contexts: [String]) -> [Applied] {
        guard !contexts.isEmpty else { return [] }
        var applied: [Applied] = []
        apply(to: &tree, names: [], contexts: contexts, applied: &applied)
        return applied
    }

    private static func apply(to node: inout JSONObject, names: [String], contexts: [String], applied: inout [Applied]) {
        if node["$value"] != nil {
            guard case .object(let extensions)? = node["$extensions"], case .object(let overrides)? = extensions[extensionKey],
                let context = contexts.last(where: { overrides[$0] != nil }), let override = overrides[context]
            else { return }
            if case .object(let members) = override {
                for (key, value) in members.members { node[key] = value }
            } else {
                node["$value"] = override
            }
            applied.append(Applied(path: names.joined(separator: "."), context: context))
            return
        }
        for key in node.keys where !key.hasPrefix("$") || key == TokenPath.rootName {
            guard case .object(var child)? = node[key] else { continue }
            node[key] = .null  // leaves `child` uniquely referenced while it changes
            apply(to: &child, names: names + [key], contexts: contexts, applied: &applied)
            node[key] = .object(child)
        }
    }

    /// The warnings that say which overrides a selection applied.
    static func warnings(_ applied: [Applied]) -> [Diagnostic] {
        applied.map { override in
            .warning(
                .mappedType, at: override.path, "Primer's override for \(override.context) applied (org.primer.overrides)",
                detail: "Primer override → \(override.context)")
        }
    }
}
