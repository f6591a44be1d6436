/// A draft as listed (docs/api.md, "Drafts"): what it will become a version of, its latest
/// revision, and who made and last saved it.
package struct DraftSummary: Hashable, Sendable {
    /// The id the designer chose (`PUT /v1/drafts/{id}`).
    package let id: String
    /// The skin it will become the next version of when published.
    package let skin: String
    /// The latest revision, numbered from 1 (never reused for the id, deletes included).
    package let revision: Int
    /// SHA-256 of the latest revision's body, lower-case hex.
    package let sha256: String
    /// Its size in bytes.
    package let bytes: Int
    package let createdAt: String
    package let createdBy: String
    package let updatedAt: String
    package let updatedBy: String
}

/// A draft's latest revision with its body, exactly as it was sent.
package struct StoredDraft: Sendable {
    package let summary: DraftSummary
    package let document: [UInt8]
}
