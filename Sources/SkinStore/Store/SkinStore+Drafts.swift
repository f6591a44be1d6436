/// Drafts on the server (docs/api.md, "Drafts"): bodies a designer saves again and again before
/// one is published as a version. Every save is a revision; the last one is the draft.
extension SkinStore {
    /// Saves `document` as the next revision of draft `id` (see ``DraftQueries/save``).
    /// - Returns: the draft as saved, and whether this save made it.
    package func saveDraft(
        id: String, skin: String?, document: [UInt8], expectedRevision: Int? = nil, maxDrafts: Int = .max, actor: String
    ) async throws -> (draft: DraftSummary, created: Bool) {
        try await write { database, now in
            let saved = try DraftQueries.save(
                database, id: id, skin: skin, document: document, expectedRevision: expectedRevision, maxDrafts: maxDrafts,
                actor: actor, now: now)
            // A change request approves a revision: a new one resets its approvals (docs/api.md, "Change requests").
            try ChangeRequestQueries.resetApprovals(database, draftID: id, actor: actor, now: now)
            return saved
        }
    }

    /// Draft `id`'s latest revision.
    /// - Throws: ``StoreError/notFound(_:)``.
    package func draft(_ id: String) async throws -> StoredDraft {
        guard let draft = try await read({ try DraftQueries.get($0, id: id) }) else { throw StoreError.notFound(.draft(id)) }
        return draft
    }

    /// The revisions draft `id` keeps (its latest 50), the latest first.
    /// - Throws: ``StoreError/notFound(_:)``.
    package func draftRevisions(_ id: String) async throws -> [DraftRevision] {
        guard let revisions = try await read({ try DraftQueries.revisions($0, id: id) }) else { throw StoreError.notFound(.draft(id)) }
        return revisions
    }

    /// Revision `number` of draft `id`, its body as saved (see ``DraftQueries/revision(_:id:number:)``).
    package func draftRevision(_ id: String, number: Int) async throws -> StoredDraftRevision {
        try await read { try DraftQueries.revision($0, id: id, number: number) }
    }

    /// Every draft, the most recently saved first.
    package func drafts() async throws -> [DraftSummary] {
        try await read { try DraftQueries.list($0) }
    }

    /// Deletes draft `id` and its revisions.
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/preconditionFailed(current:)``.
    package func deleteDraft(_ id: String, expectedRevision: Int? = nil, actor: String) async throws {
        try await write { database, now in
            try DraftQueries.delete(database, id: id, expectedRevision: expectedRevision, actor: actor, now: now)
            try ChangeRequestQueries.cancelRequests(ofDeletedDraft: id, actor: actor, database, now: now)
        }
    }
}
