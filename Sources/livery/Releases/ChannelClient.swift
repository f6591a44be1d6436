import Foundation

/// The channel requests the release commands share (`activate`, `rollout`, `schedule`, `rollback`):
/// paths, reading the channel's state, sending a change, and a one-line summary of the answer.
struct ChannelClient {
    let options: ServerOptions
    let channel: String

    /// `/v1/channels/{channel}` plus `suffix`, the name percent-encoded.
    func path(_ suffix: String = "") -> String {
        "/v1/channels/\(APIRequest.pathSegment(channel))\(suffix)"
    }

    /// The channel as the server has it, and its `ETag` (`"a{n}"`) for `If-Match`.
    func current() async throws -> (json: [String: Any], etag: String?) {
        let answer = try await APIRequest(options: options).send("GET", path())
        try APIRequest.check(answer, expect: [200])
        return (answer.json, answer.headers["etag"])
    }

    /// Sends `method path` with a JSON body; throws a readable failure unless the status is expected.
    func send(_ method: String, _ suffix: String = "", body: [String: Any]?, ifMatch: String? = nil, expect: Set<Int> = [200]) async throws -> APIRequest.Answer {
        var headers = ["Content-Type": "application/json"]
        if let ifMatch { headers["If-Match"] = ifMatch }
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data("{}".utf8)
        let answer = try await APIRequest(options: options).send(method, path(suffix), body: data, headers: headers)
        try APIRequest.check(answer, expect: expect)
        return answer
    }

    /// `autumn@2` / `autumn (latest)`.
    static func target(_ skin: Any?, _ version: Any?) -> String {
        let name = skin as? String ?? "?"
        if let version = version as? Int { return "\(name)@\(version)" }
        return "\(name) (latest)"
    }

    /// `default: summer@7, rollout autumn@2 to 10% (a5)`: the channel in one line.
    static func summary(_ channel: [String: Any]) -> String {
        var line = "\(channel["name"] as? String ?? "?"): \(target(channel["skin"], channel["version"]))"
        if let rollout = channel["rollout"] as? [String: Any] {
            line += ", rollout \(target(rollout["skin"], rollout["version"])) to \(rollout["percent"] as? Int ?? 0)%"
        }
        if let count = channel["activations"] as? Int { line += " (a\(count))" }
        for hold in channel["holds"] as? [[String: Any]] ?? [] { line += "\n  " + holdLine(hold) }
        return line
    }

    /// `ios/3.2.1 keeps shop@1 on shop (latest): shop@2 held back, shop@2: ios/3.2.1 reads color.tint …`:
    /// one hold of the release gate (docs/apps.md), as `GET /v1/channels/{c}` and a publish's `held` name it.
    static func holdLine(_ hold: [String: Any]) -> String {
        let audience = hold["audience"] as? String ?? "?"
        let who = audience == "*" ? "everyone" : audience
        let held = hold["heldBack"] as? [String: Any]
        let heldText = held.map { "\(target($0["skin"], $0["version"])) held back" } ?? "held"
        let reasons = hold["reasons"] as? [String] ?? []
        let why = reasons.first.map { ": \($0)" + (reasons.count > 1 ? " (and \(reasons.count - 1) more)" : "") } ?? ""
        let serves = hold["serves"] as? String ?? target(hold["skin"], hold["version"])
        return "\(who) keeps \(serves) on \(hold["target"] as? String ?? "?"): \(heldText)\(why)"
    }

    /// JSON for `version`: the number, or null to follow the latest.
    static func version(_ version: Int?) -> Any { version.map { $0 as Any } ?? NSNull() }
}
