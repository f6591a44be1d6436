/// Preview links (docs/api.md, "Preview links"). Every function runs inside a transaction opened
/// by ``SkinStore``. Only the SHA-256 of a link's secret is stored, as for API tokens.
enum PreviewLinkQueries {
    /// Links whose expiry passed this long ago are removed when a new one is made (seconds):
    /// for a week an old link still answers `410`, then `404`.
    static let prunedAfter = 7.0 * 86_400

    /// Makes a link to `subject` (a draft, or a version a change request would make live) valid
    /// for `lifetime` seconds; audited (`preview.create`, naming what it shows, never the secret).
    /// - Throws: ``StoreError/notFound(_:)`` for no such draft or version,
    ///   ``StoreError/tooMany(_:limit:)`` past `maxActive` unexpired, unrevoked links to it.
    static func create(
        _ database: any SQLDatabase, showing subject: PreviewSubject, lifetime: Int, maxActive: Int, actor: String, now: String
    ) throws -> NewPreviewLink {
        let subjectColumns: String, subjectValues: [SQLValue], target: String
        switch subject {
        case .draft(let id):
            guard try database.scalarInt("SELECT count(*) FROM drafts WHERE id = ? AND deleted = 0", [.text(id)]) == 1 else {
                throw StoreError.notFound(.draft(id))
            }
            (subjectColumns, subjectValues, target) = ("draft_id = ?", [.text(id)], "draft/\(id)")
        case .version(let skin, let number):
            guard try versionExists(database, skin: skin, number: number) else { throw StoreError.notFound(.version(skin: skin, number: number)) }
            (subjectColumns, subjectValues, target) = ("skin = ? AND version = ?", [.text(skin), SQLValue(number)], "skin/\(skin)@\(number)")
        }
        try database.run("DELETE FROM preview_links WHERE expires_at < ?", [.text(Timestamp.secondsAgo(prunedAfter))])
        let active = try database.scalarInt(
            "SELECT count(*) FROM preview_links WHERE \(subjectColumns) AND revoked_at IS NULL AND expires_at > ?",
            subjectValues + [.text(now)]) ?? 0
        guard active < maxActive else { throw StoreError.tooMany(.previewLinks, limit: maxActive) }
        let secret = TokenSecret.generate(prefix: "lvp_")
        let expires = Timestamp.secondsFromNow(Double(lifetime))
        let (draft, skin, version): (SQLValue, SQLValue, SQLValue) = switch subject {
        case .draft(let id): (.text(id), .null, .null)
        case .version(let skin, let number): (.null, .text(skin), SQLValue(number))
        }
        try database.run(
            "INSERT INTO preview_links (token_hash, draft_id, skin, version, created_at, created_by, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [.text(TokenSecret.hash(secret)), draft, skin, version, .text(now), .text(actor), .text(expires)])
        try AuditQueries.record(
            database, at: now, actor: actor, action: "preview.create", target: target,
            detail: JSONText.object(["expires": .string(expires)]))
        return NewPreviewLink(secret: secret, expiresAt: expires)
    }

    /// What the link with `secret` opens now.
    static func state(_ database: any SQLDatabase, secret: String, now: String) throws -> PreviewLinkState {
        guard secret.hasPrefix("lvp_"), secret.utf8.count <= 256 else { return .unknown }
        let row = try database.queryFirst(
            """
            SELECT l.draft_id, l.skin, l.version, l.expires_at, l.revoked_at, d.deleted, d.skin
            FROM preview_links l LEFT JOIN drafts d ON d.id = l.draft_id WHERE l.token_hash = ?
            """,
            [.text(TokenSecret.hash(secret))]
        ) { row in
            (draft: row.optionalString(0), skin: row.optionalString(1), version: row.optionalInt(2), expires: row.string(3),
             revoked: row.optionalString(4), draftDeleted: row.optionalInt(5) == 1, draftSkin: row.optionalString(6))
        }
        guard let row else { return .unknown }
        if let revoked = row.revoked { return .gone(reason: "The preview link was revoked at \(revoked).") }
        if row.expires <= now { return .gone(reason: "The preview link expired at \(row.expires).") }
        if let draft = row.draft, let skin = row.draftSkin {
            if row.draftDeleted { return .gone(reason: "The draft it showed was deleted.") }
            return .serves(PreviewedLook(.draft(draft), skin: skin, expiresAt: row.expires))
        }
        guard let skin = row.skin, let number = row.version, try versionExists(database, skin: skin, number: number) else {
            return .gone(reason: "The version it showed was deleted.")
        }
        return .serves(PreviewedLook(.version(skin: skin, number: number), skin: skin, expiresAt: row.expires))
    }

    /// Revokes the link with `secret` (again: nothing changes); audited (`preview.revoke`) and
    /// evented as a change of what it shows (kind `draft`, which wakes long-polls in every
    /// process), so the long-polls on the link are answered `410`.
    /// - Throws: ``StoreError/notFound(_:)`` when no link has this secret.
    static func revoke(_ database: any SQLDatabase, secret: String, actor: String, now: String) throws {
        let hash = TokenSecret.hash(secret)
        guard let link = try database.queryFirst(
            """
            SELECT l.draft_id, coalesce(d.skin, l.skin), coalesce(d.revision, l.version), l.version
            FROM preview_links l LEFT JOIN drafts d ON d.id = l.draft_id WHERE l.token_hash = ?
            """,
            [.text(hash)], row: { (draft: $0.optionalString(0), skin: $0.string(1), number: $0.optionalInt(2), version: $0.optionalInt(3)) })
        else { throw StoreError.notFound(.previewLink) }
        let revoked = try database.run(
            "UPDATE preview_links SET revoked_at = ?, revoked_by = ? WHERE token_hash = ? AND revoked_at IS NULL",
            [.text(now), .text(actor), .text(hash)])
        guard revoked == 1 else { return }
        let target = link.draft.map { "draft/\($0)" } ?? "skin/\(link.skin)@\(link.version ?? 0)"
        try AuditQueries.record(database, at: now, actor: actor, action: "preview.revoke", target: target, detail: "{}")
        try EventQueries.append(database, kind: .draft, skin: link.skin, version: link.number, channel: nil, at: now)
    }

    private static func versionExists(_ database: any SQLDatabase, skin: String, number: Int) throws -> Bool {
        try database.scalarInt(
            "SELECT count(*) FROM versions v JOIN skins s ON s.id = v.skin_id WHERE s.name = ? AND v.number = ?",
            [.text(skin), SQLValue(number)]) == 1
    }
}
