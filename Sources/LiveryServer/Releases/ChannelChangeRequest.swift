import HTTPEngine
import SkinModel
import SkinStore

/// The JSON body of `PUT /v1/channels/{c}` and `POST /v1/channels/{c}/schedules` (docs/api.md, "Publishing and activating", §3.5):
/// `{"skin": "summer", "version": 7, "rollout": {"skin": "autumn", "version": 2, "percent": 10},
///   "builds": [{"platform": "ios", "versions": "<3.2.0", "skin": "summer", "version": 4}], "force": false}`,
/// plus `"at"` for a schedule (which keeps the channel's `builds`).
struct ChannelChangeRequest: Sendable {
    var state: ChannelState
    /// Per-build targets (docs/apps.md, "Old builds in the field"): nil keeps the channel's, `[]` removes them.
    var builds: [BuildTarget]?
    /// `"force": true`: go past failing contrast checks (admins only).
    var force: Bool
    /// A schedule's time as the store writes it (RFC 3339 normalised to UTC milliseconds).
    var at: String?

    /// Parses a body. Unknown members are refused, so a typo (`"rolout"`) is not silently a plain activation.
    /// - Throws: `Problem` 400 naming the member that is wrong.
    init(body: [UInt8], schedule: Bool) throws(Problem) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw Problem.badRequest("The body must be JSON: \(error.errors.first?.message ?? "invalid JSON").")
        }
        let shape = schedule
            ? "{\"at\": RFC 3339 time, \"skin\": name, \"version\": number or null, \"rollout\"?: {…}, \"force\"?: bool}"
            : "{\"skin\": name, \"version\": number or null, \"rollout\"?: {\"skin\", \"version\", \"percent\"}, \"builds\"?: […], \"force\"?: bool}"
        guard case .object(let object) = json, case .string(let skin)? = object["skin"] else {
            throw Problem.badRequest("The body must be \(shape).")
        }
        let allowed: Set<String> = schedule ? ["at", "skin", "version", "rollout", "force"] : ["skin", "version", "rollout", "builds", "force"]
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
            throw Problem.badRequest("Unknown member \"\(unknown)\"; the body must be \(shape).")
        }
        try RequestBody.checkName(skin, what: "Skin")
        let version = try Self.version(object["version"], member: "version")
        var rollout: ChannelRollout?
        if let value = object["rollout"], value != .null {
            guard case .object(let members) = value, case .string(let rolloutSkin)? = members["skin"] else {
                throw Problem.badRequest("rollout must be {\"skin\": name, \"version\": number or null, \"percent\": 0…100}.")
            }
            if let unknown = members.keys.first(where: { !["skin", "version", "percent"].contains($0) }) {
                throw Problem.badRequest("Unknown member \"rollout.\(unknown)\"; rollout is {\"skin\", \"version\", \"percent\"}.")
            }
            try RequestBody.checkName(rolloutSkin, what: "Skin")
            guard case .number(let percent)? = members["percent"], percent >= 0, percent <= 100, percent.rounded() == percent else {
                throw Problem.badRequest("rollout.percent must be a whole number from 0 to 100.")
            }
            rollout = ChannelRollout(skin: rolloutSkin, version: try Self.version(members["version"], member: "rollout.version"), percent: Int(percent))
        }
        switch object["force"] {
        case nil, .bool(false)?: force = false
        case .bool(true)?: force = true
        default: throw Problem.badRequest("force must be true or false.")
        }
        builds = schedule ? nil : try Self.builds(object["builds"])
        state = ChannelState(skin: skin, version: version, rollout: rollout, builds: builds ?? [])
        if schedule {
            guard case .string(let text)? = object["at"], let milliseconds = Timestamp.milliseconds(fromRFC3339: text) else {
                throw Problem.badRequest("at must be an RFC 3339 time such as 2026-12-01T00:00:00Z.")
            }
            at = Timestamp.format(millisecondsSince1970: milliseconds)
        }
    }

    /// A version member: a number from 1, or null/absent to follow the latest.
    static func version(_ value: JSONValue?, member: String) throws(Problem) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .number(let number)? where number >= 1 && number.rounded() == number && number < 1e15: return Int(number)
        default: throw Problem.badRequest("\(member) must be a version number or null (follow the latest).")
        }
    }
}
