import HTTPEngine
import SkinModel
import SkinStore

/// A draft resolved like a version (docs/api.md, "Drafts"): `/v1/drafts/{id}/resolved`, and the
/// long-polls on it, which every save wakes (a save is a store change, so the watched view is
/// resolved again and its waiters woken when its bytes changed).
///
/// A draft's document is remembered per view until the store next changes, as any view's; it is
/// not kept by identity like a version's resolution: a draft changes, and a version number would
/// name a stored version, which the draft is not.
extension DocumentService {
    /// Resolves draft `id`'s latest revision on the stored lineage its `$livery.extends` names,
    /// as the next version of its skin (the numbering a publish of it would give).
    /// - Throws: `Problem` 404 for an unknown draft, 422 for one that does not resolve (its
    ///   errors, or a parent that does not exist), 400 for an unknown variant.
    func resolveDraft(_ id: String, view: DocumentView) async throws(Problem) -> CachedDocument {
        let store = self.store
        let draft = try await storeCall { try await store.draft(id) }
        let skin = draft.summary.skin
        let document: SkinDocument
        do {
            document = try SkinDocument.parse(draft.document)
        } catch {
            throw Problem.invalidDocument(error)
        }
        var ancestors: [StoredVersion] = []
        if let parent = document.extends {
            do {
                ancestors = try await lineage(skin: parent.name, version: parent.version)
            } catch where error.status == 404 {
                throw Problem.invalidDocument(SkinProblems(errors: [
                    .error(.unknownSkin, at: "$livery.extends", "No skin or version \"\(parent.description)\"."),
                ]))
            }
            if ancestors.contains(where: { $0.skin == skin }) {
                throw Problem.invalidDocument(SkinProblems(errors: [
                    .error(.cycle, at: "$livery.extends", "Lineage cycle: \(skin) extends \(parent.description), which extends \(skin)."),
                ]))
            }
        }
        let next = try await storeCall { () async throws -> Int in
            do {
                return try await store.latestVersion(of: skin).number + 1
            } catch StoreError.notFound {
                return 1
            }
        }
        let entries = try lineageEntries(ancestors) + [LineageEntry(skin: skin, version: next, document: document)]
        let resolved = try await resolve(entries, documents: ancestors.map(\.document) + [draft.document], variants: view.variants)
        let bytes = Self.render(resolved, format: view.format, explain: view.explain, channel: nil)
        return CachedDocument(
            canonicalBytes: bytes, versionLabel: "\(skin)@\(next)", contentType: view.format.contentType,
            cacheControl: "private, no-cache", headers: [HTTPField("Livery-Draft", "\(id); revision=\(draft.summary.revision)")])
    }

    /// The draft or version a preview link shows now, its skin and when the link expires.
    /// - Throws: `Problem` 404 for no such link, 410 (`preview-gone`) for a revoked or expired
    ///   one, or one whose draft or version was deleted.
    func previewedLook(_ secret: String) async throws(Problem) -> PreviewedLook {
        let store = self.store
        switch try await storeCall({ try await store.previewLink(secret: secret) }) {
        case .serves(let previewed): return previewed
        case .gone(let reason): throw Problem(status: 410, slug: "preview-gone", title: "Preview link gone", detail: reason)
        case .unknown: throw Problem.notFound("No preview link has this address.")
        }
    }
}
