/// One kept revision of a draft (docs/api.md, "Drafts"): every save is one, and the latest 50 of
/// each draft are kept, so two designers' saves are never lost to each other.
package struct DraftRevision: Hashable, Sendable {
    /// Its number, from 1; the latest is the draft.
    package let revision: Int
    /// The token that saved it.
    package let author: String
    /// When, as a store timestamp.
    package let savedAt: String
    /// The size of its body.
    package let bytes: Int
}

/// A kept revision with its body exactly as it was saved.
package struct StoredDraftRevision: Sendable {
    /// The skin its draft is for.
    package let skin: String
    package let revision: DraftRevision
    package let document: [UInt8]
}
