import SkinModel
import SkinStore

extension DraftRevision {
    /// `{revision, author, savedAt, bytes}`, as `GET /v1/drafts/{id}/revisions` lists it
    /// (docs/api.md, "Drafts").
    var json: JSONValue {
        .object(JSONObject([
            ("revision", .int(revision)), ("author", .string(author)), ("savedAt", .string(savedAt)), ("bytes", .int(bytes)),
        ]))
    }

    /// `"d7"`: the tag revision 7 had while it was the latest, and names again when read back.
    var entityTag: String { DraftSummary.entityTag(revision: revision) }
}
