/// What a preview link's secret opens (docs/api.md, "Preview links").
package enum PreviewLinkState: Hashable, Sendable {
    /// The link is valid: it serves this draft.
    case serves(PreviewedDraft)
    /// It was revoked, has expired, or its draft was deleted: `410`, saying which.
    case gone(reason: String)
    /// No link has this secret: `404`.
    case unknown
}

/// What a valid preview link opens: the draft, the skin it is a draft of, and when the link
/// expires (what the page at the link tells the phone that opened it).
package struct PreviewedDraft: Hashable, Sendable {
    package let draft: String
    package let skin: String
    /// A store timestamp, `2026-12-07T10:00:00.000Z`.
    package let expiresAt: String

    package init(draft: String, skin: String, expiresAt: String) {
        self.draft = draft
        self.skin = skin
        self.expiresAt = expiresAt
    }
}

/// A preview link just made: its secret (shown once, never stored) and when it expires.
package struct NewPreviewLink: Hashable, Sendable {
    /// `lvp_` and 256 random bits, unpadded base64url: the path segment of the link.
    package let secret: String
    package let expiresAt: String
}
