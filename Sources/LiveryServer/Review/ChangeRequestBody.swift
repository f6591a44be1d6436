import HTTPEngine
import SkinModel
import SkinStore

/// The body of `POST /v1/channels/{c}/change-requests` (docs/api.md, "Change requests"): a
/// `message` and exactly one of `change` (any body `PUT /v1/channels/{c}` or a schedule takes),
/// `draft` (a draft's id) or `promote` (another channel's name).
struct ChangeRequestBody: Sendable {
    enum Proposal: Sendable {
        /// The change as sent, checked, and its canonical JSON (what the request keeps).
        case change(ChannelChangeRequest, json: String)
        case draft(String)
        case promote(String)
    }

    /// The longest message kept: a description, not a document.
    static let maxMessageLength = 4_000

    var message: String
    var proposal: Proposal

    /// - Throws: `Problem` 400 naming what is wrong.
    init(_ body: [UInt8]) throws(Problem) {
        let shape = "{\"message\": text, and one of \"change\": {…a channel change…}, \"draft\": id, \"promote\": channel}"
        guard case .object(let object)? = try? JSONParser.parse(body) else { throw Problem.badRequest("The body must be \(shape).") }
        if let unknown = object.keys.first(where: { !["message", "change", "draft", "promote"].contains($0) }) {
            throw Problem.badRequest("Unknown member \"\(unknown)\"; the body must be \(shape).")
        }
        guard case .string(let message)? = object["message"], !message.allSatisfy(\.isWhitespace) else {
            throw Problem.badRequest("message must say what the change is for (text).")
        }
        guard message.count <= Self.maxMessageLength else {
            throw Problem.badRequest("message must be at most \(Self.maxMessageLength) characters.")
        }
        self.message = message
        let given = ["change", "draft", "promote"].filter { object[$0] != nil }
        guard given.count == 1 else { throw Problem.badRequest("Give exactly one of change, draft and promote; the body must be \(shape).") }
        switch (object["change"], object["draft"], object["promote"]) {
        case (.object(let change)?, _, _):
            let json = String(decoding: CanonicalJSON.encode(.object(change)), as: UTF8.self)
            proposal = .change(try ChannelChangeRequest(body: Array(json.utf8), schedule: change["at"] != nil), json: json)
        case (_, .string(let draft)?, _):
            try RequestBody.checkName(draft, what: "Draft")
            proposal = .draft(draft)
        case (_, _, .string(let channel)?):
            try RequestBody.checkName(channel, what: "Channel")
            proposal = .promote(channel)
        default:
            throw Problem.badRequest("change must be an object, draft a draft's id and promote a channel's name.")
        }
    }

    /// The change body that carries out `state` (versions as given): what a promote request keeps.
    static func json(of state: ChannelState) -> String {
        var members: [(String, JSONValue)] = [
            ("skin", .string(state.skin)), ("version", state.version.map { .int($0) } ?? .null),
        ]
        if state.rollout != nil { members.append(("rollout", state.rollout.json)) }
        members.append(("builds", state.builds.json))
        return String(decoding: CanonicalJSON.encode(.object(JSONObject(members))), as: UTF8.self)
    }
}

/// A channel policy body (`PUT /v1/channels/{c}/policy`): `{"approvals": 0…10, "selfApproval": bool}`.
struct ChannelPolicyBody: Sendable {
    var approvals: Int
    var selfApproval: Bool

    /// - Throws: `Problem` 400 naming what is wrong.
    init(_ body: [UInt8]) throws(Problem) {
        let shape = "{\"approvals\": 0…\(ChannelPolicy.maxApprovals), \"selfApproval\"?: true|false}"
        guard case .object(let object)? = try? JSONParser.parse(body) else { throw Problem.badRequest("The body must be \(shape).") }
        if let unknown = object.keys.first(where: { $0 != "approvals" && $0 != "selfApproval" }) {
            throw Problem.badRequest("Unknown member \"\(unknown)\"; the body must be \(shape).")
        }
        guard case .number(let number)? = object["approvals"], number.rounded() == number, number >= 0,
            number <= Double(ChannelPolicy.maxApprovals)
        else {
            throw Problem.badRequest("approvals must be a whole number from 0 (no review) to \(ChannelPolicy.maxApprovals).")
        }
        approvals = Int(number)
        switch object["selfApproval"] {
        case nil, .bool(false)?: selfApproval = false
        case .bool(true)?: selfApproval = true
        default: throw Problem.badRequest("selfApproval must be true or false.")
        }
    }
}
