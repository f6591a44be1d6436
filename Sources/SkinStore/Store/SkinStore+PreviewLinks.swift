/// Preview links (docs/api.md, "Preview links"): read-only, expiring links to a draft (or a
/// version a change request would make live) resolved, which a phone opens to show it in the real app.
extension SkinStore {
    /// Makes a link to `subject`, valid for `lifetime` seconds (see ``PreviewLinkQueries/create``).
    package func createPreviewLink(
        showing subject: PreviewSubject, lifetime: Int, maxActive: Int = 100, actor: String
    ) async throws -> NewPreviewLink {
        try await write { database, now in
            try PreviewLinkQueries.create(database, showing: subject, lifetime: lifetime, maxActive: maxActive, actor: actor, now: now)
        }
    }

    /// What the link with `secret` opens now.
    package func previewLink(secret: String) async throws -> PreviewLinkState {
        try await read { try PreviewLinkQueries.state($0, secret: secret, now: Timestamp.now()) }
    }

    /// Revokes the link with `secret`.
    /// - Throws: ``StoreError/notFound(_:)``.
    package func revokePreviewLink(secret: String, actor: String) async throws {
        try await write { database, now in try PreviewLinkQueries.revoke(database, secret: secret, actor: actor, now: now) }
    }
}
