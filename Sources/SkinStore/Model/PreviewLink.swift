/// What a preview link's secret opens (docs/api.md, "Preview links").
package enum PreviewLinkState: Hashable, Sendable {
    /// The link is valid: it serves this draft or version.
    case serves(PreviewedLook)
    /// It was revoked, has expired, or what it showed was deleted: `410`, saying which.
    case gone(reason: String)
    /// No link has this secret: `404`.
    case unknown
}

/// What a valid preview link opens: a draft, or one published version (a change request's
/// look), the skin it belongs to, and when the link expires (what the page at the link tells the
/// phone that opened it).
package struct PreviewedLook: Hashable, Sendable {
    package let subject: PreviewSubject
    /// The draft's skin, or the version's.
    package let skin: String
    /// A store timestamp, `2026-12-07T10:00:00.000Z`.
    package let expiresAt: String

    package init(_ subject: PreviewSubject, skin: String, expiresAt: String) {
        self.subject = subject
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

/// What a preview link is made to show.
package enum PreviewSubject: Hashable, Sendable {
    /// The draft with this id, following every save.
    case draft(String)
    /// One published version: what a change request would make live.
    case version(skin: String, number: Int)
}
