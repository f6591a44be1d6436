/// Drafts (docs/api.md, "Drafts"). Every function runs inside a transaction opened by ``SkinStore``.
enum DraftQueries {
    /// Revisions kept per draft: older ones are pruned as new ones come (a designer's plugin may
    /// save on every edit; the bound keeps that from growing the database without end).
    static let revisionsKept = 50

    private static let summaryColumns = """
        d.id, d.skin, d.revision, r.sha256, length(r.document), d.created_at, d.created_by, d.updated_at, d.updated_by
        """

    private static func summary(_ row: any SQLRow) -> DraftSummary {
        DraftSummary(
            id: row.string(0), skin: row.string(1), revision: row.int(2), sha256: row.string(3), bytes: row.int(4),
            createdAt: row.string(5), createdBy: row.string(6), updatedAt: row.string(7), updatedBy: row.string(8))
    }

    /// Saves `document` as the next revision of draft `id`, creating it (for `skin`) when it does
    /// not exist or was deleted; audits (`draft.create` / `draft.save`) and appends a `draft` event.
    /// - Parameters:
    ///   - skin: the skin a new draft is for; for an existing one nil, or the same name.
    ///   - expectedRevision: `If-Match`: the revision the writer last saw.
    /// - Throws: ``StoreError/notFound(_:)`` for a new draft without `skin`,
    ///   ``StoreError/preconditionFailed(current:)`` when `expectedRevision` is not the latest,
    ///   ``StoreError/draftSkinDiffers(draft:skin:)`` when `skin` names another skin,
    ///   ``StoreError/tooMany(_:limit:)`` for a new draft past `maxDrafts`.
    static func save(
        _ database: any SQLDatabase, id: String, skin: String?, document: [UInt8], expectedRevision: Int?, maxDrafts: Int,
        actor: String, now: String
    ) throws -> (draft: DraftSummary, created: Bool) {
        let existing = try database.queryFirst("SELECT skin, revision, deleted FROM drafts WHERE id = ?", [.text(id)]) {
            (skin: $0.string(0), revision: $0.int(1), live: $0.int(2) == 0)
        }
        let live = existing?.live == true
        if let expectedRevision, !live || existing?.revision != expectedRevision {
            throw StoreError.preconditionFailed(current: live ? existing?.revision ?? 0 : 0)
        }
        let draftSkin: String
        if live, let existing {
            if let skin, skin != existing.skin { throw StoreError.draftSkinDiffers(draft: id, skin: existing.skin) }
            draftSkin = existing.skin
        } else {
            guard let skin else { throw StoreError.notFound(.draft(id)) }
            if try (database.scalarInt("SELECT count(*) FROM drafts WHERE deleted = 0") ?? 0) >= maxDrafts {
                throw StoreError.tooMany(.drafts, limit: maxDrafts)
            }
            draftSkin = skin
        }
        let revision = (existing?.revision ?? 0) + 1
        if existing != nil {
            try database.run(
                live
                    ? "UPDATE drafts SET revision = ?, updated_at = ?, updated_by = ? WHERE id = ?"
                    : "UPDATE drafts SET revision = ?, updated_at = ?, updated_by = ?, deleted = 0, skin = ?, created_at = ?, created_by = ? WHERE id = ?",
                live
                    ? [SQLValue(revision), .text(now), .text(actor), .text(id)]
                    : [SQLValue(revision), .text(now), .text(actor), .text(draftSkin), .text(now), .text(actor), .text(id)])
        } else {
            try database.run(
                "INSERT INTO drafts (id, skin, revision, created_at, created_by, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [.text(id), .text(draftSkin), SQLValue(revision), .text(now), .text(actor), .text(now), .text(actor)])
        }
        let sha256 = SHA256Digest.hex(document)
        try database.run(
            "INSERT INTO draft_revisions (draft_id, revision, document, sha256, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(id), SQLValue(revision), .blob(document), .text(sha256), .text(now), .text(actor)])
        try database.run(
            "DELETE FROM draft_revisions WHERE draft_id = ? AND revision <= ?", [.text(id), SQLValue(revision - revisionsKept)])
        try AuditQueries.record(
            database, at: now, actor: actor, action: live ? "draft.save" : "draft.create", target: "draft/\(id)",
            detail: JSONText.object(["skin": .string(draftSkin), "revision": .int(revision), "sha256": .string(sha256)]))
        try EventQueries.append(database, kind: .draft, skin: draftSkin, version: revision, channel: nil, at: now)
        guard let saved = try get(database, id: id) else { throw StoreError.notFound(.draft(id)) }
        return (saved.summary, !live)
    }

    /// Draft `id`'s latest revision, nil when there is none (never made, or deleted).
    static func get(_ database: any SQLDatabase, id: String) throws -> StoredDraft? {
        try database.queryFirst(
            """
            SELECT \(summaryColumns), r.document FROM drafts d
            JOIN draft_revisions r ON r.draft_id = d.id AND r.revision = d.revision
            WHERE d.id = ? AND d.deleted = 0
            """,
            [.text(id)]
        ) { StoredDraft(summary: summary($0), document: $0.blob(9)) }
    }

    /// The kept revisions of draft `id`, the latest first; nil when there is no such draft.
    static func revisions(_ database: any SQLDatabase, id: String) throws -> [DraftRevision]? {
        guard try skin(database, id: id) != nil else { return nil }
        return try database.query(
            "SELECT revision, created_by, created_at, length(document) FROM draft_revisions WHERE draft_id = ? ORDER BY revision DESC",
            [.text(id)], row: revisionRow)
    }

    /// Revision `number` of draft `id` with its body.
    /// - Throws: ``StoreError/notFound(_:)``: `.draft` when there is no such draft, `.draftRevision`
    ///   when the draft keeps no such revision (never saved, or pruned).
    static func revision(_ database: any SQLDatabase, id: String, number: Int) throws -> StoredDraftRevision {
        guard let skin = try skin(database, id: id) else { throw StoreError.notFound(.draft(id)) }
        guard let kept = try database.queryFirst(
            "SELECT revision, created_by, created_at, length(document), document FROM draft_revisions WHERE draft_id = ? AND revision = ?",
            [.text(id), SQLValue(number)],
            row: { StoredDraftRevision(skin: skin, revision: revisionRow($0), document: $0.blob(4)) })
        else { throw StoreError.notFound(.draftRevision(draft: id, revision: number)) }
        return kept
    }

    /// The skin of draft `id`, nil when there is no such draft: whether it exists, without
    /// reading its latest body as ``get(_:id:)`` does.
    private static func skin(_ database: any SQLDatabase, id: String) throws -> String? {
        try database.scalarString("SELECT skin FROM drafts WHERE id = ? AND deleted = 0", [.text(id)])
    }

    private static func revisionRow(_ row: any SQLRow) -> DraftRevision {
        DraftRevision(revision: row.int(0), author: row.string(1), savedAt: row.string(2), bytes: row.int(3))
    }

    /// Every draft, the most recently saved first.
    static func list(_ database: any SQLDatabase) throws -> [DraftSummary] {
        try database.query(
            """
            SELECT \(summaryColumns) FROM drafts d
            JOIN draft_revisions r ON r.draft_id = d.id AND r.revision = d.revision
            WHERE d.deleted = 0 ORDER BY d.updated_at DESC, d.id
            """,
            row: summary)
    }

    /// Deletes draft `id` (its revisions go; its row stays, so the numbering goes on); audited
    /// (`draft.delete`) and evented.
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/preconditionFailed(current:)``.
    static func delete(_ database: any SQLDatabase, id: String, expectedRevision: Int?, actor: String, now: String) throws {
        guard let current = try get(database, id: id)?.summary else { throw StoreError.notFound(.draft(id)) }
        if let expectedRevision, expectedRevision != current.revision {
            throw StoreError.preconditionFailed(current: current.revision)
        }
        try database.run("UPDATE drafts SET deleted = 1, updated_at = ?, updated_by = ? WHERE id = ?", [.text(now), .text(actor), .text(id)])
        try database.run("DELETE FROM draft_revisions WHERE draft_id = ?", [.text(id)])
        try AuditQueries.record(
            database, at: now, actor: actor, action: "draft.delete", target: "draft/\(id)",
            detail: JSONText.object(["skin": .string(current.skin), "revision": .int(current.revision)]))
        try EventQueries.append(database, kind: .draft, skin: current.skin, version: current.revision, channel: nil, at: now)
    }
}
