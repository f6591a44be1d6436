/// Reading a request's `variant` list against a lineage's axes (docs/skins.md, "Token sets"): `context` alone
/// where one axis has it, `axis:context` always; anything else is a plain `$livery.variants`
/// name of a single-document skin of the lineage.
extension TokenSetExpansion {
    /// Axis name → chosen context, and the plain variant names in request order; or 400-worthy
    /// `unknown-variant` problems (an unknown context, an ambiguous one, two contexts of one axis).
    static func select(_ requested: [String], axes: [VariantAxis], lineage: [LineageEntry]) -> Result<([String: String], [String]), SkinProblems> {
        var chosen: [String: String] = [:]
        var plain: [String] = []
        var problems = SkinProblems()
        let described = axes.map { "\($0.name): \($0.contexts.joined(separator: "|"))" }.joined(separator: "; ")
        func fail(_ message: String) { problems.add(.error(.unknownVariant, at: "variant", message)) }
        for name in requested {
            var axisName: String
            var context: String
            if let colon = name.firstIndex(of: ":") {
                axisName = String(name[..<colon])
                context = String(name[name.index(after: colon)...])
                guard let axis = axes.first(where: { $0.name == axisName }) else {
                    fail("'\(name)': there is no axis '\(axisName)' (axes: \(described))")
                    continue
                }
                guard axis.contexts.contains(context) else {
                    fail("'\(name)': axis '\(axisName)' has no context '\(context)' (\(axis.contexts.joined(separator: ", ")))")
                    continue
                }
            } else {
                let matching = axes.filter { $0.contexts.contains(name) }
                if matching.count > 1 {
                    fail("'\(name)' is a context of several axes; write \(matching.map { $0.label(name) }.joined(separator: " or "))")
                    continue
                }
                guard let axis = matching.first else {
                    if lineage.contains(where: { $0.document.variants[name] != nil }) {
                        plain.append(name)
                    } else {
                        fail("'\(name)' is no context of this skin's axes (\(described.isEmpty ? "none" : described))")
                    }
                    continue
                }
                axisName = axis.name
                context = name
            }
            if let earlier = chosen[axisName], earlier != context {
                fail("'\(name)': axis '\(axisName)' is already set to '\(earlier)' in this request; name one context per axis")
                continue
            }
            chosen[axisName] = context
        }
        guard problems.errors.isEmpty else { return .failure(problems) }
        return .success((chosen, plain))
    }
}
