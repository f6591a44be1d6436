import SkinModel
import SkinStore

extension DraftSummary {
    /// `{id, skin, revision, sha256, bytes, createdAt, createdBy, updatedAt, updatedBy}`, as
    /// `GET /v1/drafts` lists it (docs/api.md, "Drafts").
    var json: JSONValue {
        .object(JSONObject([
            ("id", .string(id)), ("skin", .string(skin)), ("revision", .int(revision)), ("sha256", .string(sha256)),
            ("bytes", .int(bytes)), ("createdAt", .string(createdAt)), ("createdBy", .string(createdBy)),
            ("updatedAt", .string(updatedAt)), ("updatedBy", .string(updatedBy)),
        ]))
    }

    /// The strong tag of its latest revision: `"d7"`, what `If-Match` names to save, publish or
    /// delete only that revision. Revision numbers are never reused for an id, deletes included.
    var entityTag: String { Self.entityTag(revision: revision) }

    /// `"d7"` for revision 7: the one spelling of a draft revision's tag, also of a revision read back.
    static func entityTag(revision: Int) -> String { "\"d\(revision)\"" }
}
