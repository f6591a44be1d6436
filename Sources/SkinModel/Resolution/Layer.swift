/// One layer of a resolution: a skin version's tokens, or one variant's overrides of it.
struct Layer {
    /// `base@3` or `app@7#dark`.
    let name: String
    let definitions: [TokenDefinition]
}
