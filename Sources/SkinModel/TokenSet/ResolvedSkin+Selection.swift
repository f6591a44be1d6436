/// What a resolved skin's selection means to styling (docs/skins.md, "Components, styles and rules", §1.9).
extension ResolvedSkin {
    /// The names `@theme/` rules and image-name fallbacks match: each selected context of a
    /// token set (`dark` of `theme:dark`) and each plain variant, in the document's order.
    /// For a single-document skin, its requested variants.
    public var styleVariantNames: [String] { VariantAxis.styleNames(variants) }
}

extension VariantAxis {
    /// Selection labels as styling sees them: `theme:dark` is the theme `dark`; a plain variant
    /// name (which cannot contain `:`, since requests could not name it) stays as it is. So a
    /// resolved document's `variants` can be handed to rule matching directly, on the server
    /// and in clients alike.
    public static func styleNames(_ labels: [String]) -> [String] {
        labels.map { label in label.firstIndex(of: ":").map { String(label[label.index(after: $0)...]) } ?? label }
    }
}
