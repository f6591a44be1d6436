import SkinModel
import SkinStore

extension ChangeRequest {
    /// `{id, channel, state, author, message, skin, change | draft | promote, at, approvals,
    /// required, history, createdAt, updatedAt}` (docs/api.md, "Change requests"); the answers
    /// about one request add `diff`, `impact`, `findings` and `preview`.
    func json(policy: ChannelPolicy) -> JSONObject {
        var object = JSONObject([
            ("id", .int(id)), ("channel", .string(channel)), ("state", .string(state.rawValue)), ("author", .string(author)),
            ("message", .string(message)), ("skin", .string(skin)),
        ])
        switch source {
        case .change(let json):
            object["change"] = (try? JSONParser.parse(Array(json.utf8))) ?? .null
        case .promote(let from, let json):
            object["promote"] = .string(from)
            object["change"] = (try? JSONParser.parse(Array(json.utf8))) ?? .null
        case .draft(let draft):
            object["draft"] = .string(draft)
            if let publishedVersion { object["publishedVersion"] = .int(publishedVersion) }
        }
        object["at"] = at.map(JSONValue.string) ?? .null
        object["approvals"] = .array(approvals.map { approval in
            var entry = JSONObject([("by", .string(approval.actor)), ("at", .string(approval.at))])
            if let revision = approval.draftRevision { entry["draftRevision"] = .int(revision) }
            return .object(entry)
        })
        object["required"] = .int(policy.requiredApprovals)
        object["history"] = .array(history.map { step in
            var entry = JSONObject([("action", .string(step.kind.rawValue)), ("by", .string(step.actor)), ("at", .string(step.at))])
            if let revision = step.draftRevision { entry["draftRevision"] = .int(revision) }
            if let note = step.note { entry["note"] = .string(note) }
            return .object(entry)
        })
        object["createdAt"] = .string(createdAt)
        object["updatedAt"] = .string(updatedAt)
        return object
    }
}

extension ChannelPolicy {
    /// `{channel, approvals, selfApproval, updatedAt, updatedBy}`.
    var json: JSONValue {
        .object(JSONObject([
            ("channel", .string(channel)), ("approvals", .int(approvals)), ("selfApproval", .bool(selfApproval)),
            ("updatedAt", updatedAt.map(JSONValue.string) ?? .null), ("updatedBy", updatedBy.map(JSONValue.string) ?? .null),
        ]))
    }
}
