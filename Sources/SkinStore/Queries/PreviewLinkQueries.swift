/// Preview links (docs/api.md, "Preview links"). Every function runs inside a transaction opened
/// by ``SkinStore``. Only the SHA-256 of a link's secret is stored, as for API tokens.
enum PreviewLinkQueries {
    /// Links whose expiry passed this long ago are removed when a new one is made (seconds):
    /// for a week an old link still answers `410`, then `404`.
    static let prunedAfter = 7.0 * 86_400

    /// Makes a link to draft `id` valid for `lifetime` seconds; audited (`preview.create`,
    /// naming the draft, never the secret).
    /// - Throws: ``StoreError/notFound(_:)`` for no such draft, ``StoreError/tooMany(_:limit:)``
    ///   past `maxActive` unexpired, unrevoked links to the draft.
    static func create(
        _ database: any SQLDatabase, draft id: String, lifetime: Int, maxActive: Int, actor: String, now: String
    ) throws -> NewPreviewLink {
        guard try database.scalarInt("SELECT count(*) FROM drafts WHERE id = ? AND deleted = 0", [.text(id)]) == 1 else {
            throw StoreError.notFound(.draft(id))
        }
        try database.run("DELETE FROM preview_links WHERE expires_at < ?", [.text(Timestamp.secondsAgo(prunedAfter))])
        let active = try database.scalarInt(
            "SELECT count(*) FROM preview_links WHERE draft_id = ? AND revoked_at IS NULL AND expires_at > ?", [.text(id), .text(now)]) ?? 0
        guard active < maxActive else { throw StoreError.tooMany(.previewLinks, limit: maxActive) }
        let secret = TokenSecret.generate(prefix: "lvp_")
        let expires = Timestamp.secondsFromNow(Double(lifetime))
        try database.run(
            "INSERT INTO preview_links (token_hash, draft_id, created_at, created_by, expires_at) VALUES (?, ?, ?, ?, ?)",
            [.text(TokenSecret.hash(secret)), .text(id), .text(now), .text(actor), .text(expires)])
        try AuditQueries.record(
            database, at: now, actor: actor, action: "preview.create", target: "draft/\(id)",
            detail: JSONText.object(["expires": .string(expires)]))
        return NewPreviewLink(secret: secret, expiresAt: expires)
    }

    /// What the link with `secret` opens now.
    static func state(_ database: any SQLDatabase, secret: String, now: String) throws -> PreviewLinkState {
        guard secret.hasPrefix("lvp_"), secret.utf8.count <= 256 else { return .unknown }
        let row = try database.queryFirst(
            """
            SELECT l.draft_id, l.expires_at, l.revoked_at, d.deleted, d.skin FROM preview_links l JOIN drafts d ON d.id = l.draft_id
            WHERE l.token_hash = ?
            """,
            [.text(TokenSecret.hash(secret))]
        ) { (draft: $0.string(0), expires: $0.string(1), revoked: $0.optionalString(2), deleted: $0.int(3) == 1, skin: $0.string(4)) }
        guard let row else { return .unknown }
        if let revoked = row.revoked { return .gone(reason: "The preview link was revoked at \(revoked).") }
        if row.expires <= now { return .gone(reason: "The preview link expired at \(row.expires).") }
        if row.deleted { return .gone(reason: "The draft it showed was deleted.") }
        return .serves(PreviewedDraft(draft: row.draft, skin: row.skin, expiresAt: row.expires))
    }

    /// Revokes the link with `secret` (again: nothing changes); audited (`preview.revoke`) and
    /// evented as a change of its draft, so the long-polls on the link are answered `410`.
    /// - Throws: ``StoreError/notFound(_:)`` when no link has this secret.
    static func revoke(_ database: any SQLDatabase, secret: String, actor: String, now: String) throws {
        let hash = TokenSecret.hash(secret)
        guard let draft = try database.queryFirst(
            "SELECT l.draft_id, d.skin, d.revision FROM preview_links l JOIN drafts d ON d.id = l.draft_id WHERE l.token_hash = ?",
            [.text(hash)], row: { (id: $0.string(0), skin: $0.string(1), revision: $0.int(2)) })
        else { throw StoreError.notFound(.previewLink) }
        let revoked = try database.run(
            "UPDATE preview_links SET revoked_at = ?, revoked_by = ? WHERE token_hash = ? AND revoked_at IS NULL",
            [.text(now), .text(actor), .text(hash)])
        guard revoked == 1 else { return }
        try AuditQueries.record(database, at: now, actor: actor, action: "preview.revoke", target: "draft/\(draft.id)", detail: "{}")
        try EventQueries.append(database, kind: .draft, skin: draft.skin, version: draft.revision, channel: nil, at: now)
    }
}
