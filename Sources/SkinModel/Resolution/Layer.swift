/// One layer of a resolution: a skin version's tokens, or one variant's overrides of it.
struct Layer {
    /// `base@3` or `app@7#dark`.
    let name: String
    /// Where a designer finds it, for messages: nil for the document being resolved itself,
    /// `variant dark` for its variant's overrides, `base@3` (`base@3, variant dark`) for a
    /// skin it extends. Never `draft@0`, the name validation gives a document not yet stored.
    let location: String?
    let definitions: [TokenDefinition]

    /// ` (in variant dark)`, or nothing for the document itself: the end of a message.
    var inLocation: String { location.map { " (in \($0))" } ?? "" }
}
