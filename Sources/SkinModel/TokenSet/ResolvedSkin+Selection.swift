/// What a resolved skin's selection means to styling (SPEC §1.6, §1.9).
extension ResolvedSkin {
    /// The names `@theme/` rules and image-name fallbacks match: each selected context of a
    /// token set (`dark` of `theme:dark`) and each plain variant, in the document's order.
    /// For a single-document skin, its requested variants.
    public var styleVariantNames: [String] {
        variants.map { label in label.firstIndex(of: ":").map { String(label[label.index(after: $0)...]) } ?? label }
    }
}
