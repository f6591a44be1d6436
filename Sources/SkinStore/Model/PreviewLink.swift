/// What a preview link's secret opens (docs/api.md, "Preview links").
package enum PreviewLinkState: Hashable, Sendable {
    /// The link is valid: it serves this draft.
    case serves(draft: String)
    /// It was revoked, has expired, or its draft was deleted: `410`, saying which.
    case gone(reason: String)
    /// No link has this secret: `404`.
    case unknown
}

/// A preview link just made: its secret (shown once, never stored) and when it expires.
package struct NewPreviewLink: Hashable, Sendable {
    /// `lvp_` and 256 random bits, unpadded base64url: the path segment of the link.
    package let secret: String
    package let expiresAt: String
}
