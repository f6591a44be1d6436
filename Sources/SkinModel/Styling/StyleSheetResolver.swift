/// Resolves the styling of a skin's lineage against its final tokens (docs/skins.md, "Components, styles and rules").
///
/// ```swift
/// let (styling, problems) = StyleSheetResolver.resolve(
///     sections: lineage.map(\.section),   // root → leaf
///     variants: ["dark"],
///     values: tokenValueResolver)
/// ```
///
/// - Sections merge by name, later winning, for styles and images; rules are appended root
///   to leaf; components merge per property (a skin adds or extends types; changing a
///   declared property's type or a type's supertype is a `type-mismatch`).
/// - Styles: `extends` chains, `{"$style": …}` references and inline styles are flattened
///   into key paths; a style reference cycle is a `cycle` error spelling the chain out.
/// - Every value is resolved through `values` with the property's declared type: a wrong type
///   is a `property-type` error; a property the component does not declare is an
///   `unknown-property` warning and its value is resolved without an expected type (a
///   string that does not resolve is kept as a string: an app's own property may take any
///   text); an unknown style or component is an `unknown-style`/`unknown-component` error.
/// - A rule is its style with the rule's own properties laid over it. Rules themed for a
///   variant that was not requested are left out (they would be ignored by every match and
///   may name tokens only that variant defines).
/// - Styles without a component, and rules without a style that has one, are not checked:
///   there is nothing to check them against.
public enum StyleSheetResolver {
    /// - Parameters:
    ///   - sections: the `$livery` sections of the lineage, root to leaf.
    ///   - variants: the requested variants, in request order.
    ///   - values: resolves literals, aliases and expressions against the final tokens.
    /// - Returns: the styling (with whatever could be resolved) and every problem found.
    public static func resolve(
        sections: [LiverySection], variants: [String], values: any PropertyValueResolving
    ) -> (ResolvedStyling, SkinProblems) {
        var resolution = StyleSheetResolution(sections: sections, variants: variants, values: values)
        let styling = resolution.run()
        return (styling, resolution.problems)
    }
}
