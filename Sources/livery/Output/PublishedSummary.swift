/// What a publish answered, as `livery publish` and `livery draft publish` print it: the new
/// version, its warnings (one line per kind), and what the release gate kept on an older look
/// instead (docs/apps.md, "Old builds in the field").
enum PublishedSummary {
    /// The lines for a `201` answer of `POST /v1/skins/{skin}/versions` or `/v1/drafts/{id}/publish`.
    static func lines(_ json: [String: Any], skin: String) -> [String] {
        var lines = ["published \(json["skin"] as? String ?? skin) version \(json["version"] as? Int ?? 0)"]
        lines += FindingGroups(json: json["warnings"] as? [[String: Any]] ?? [], severity: "warning").lines
        for held in json["held"] as? [[String: Any]] ?? [] {
            let who = held["audience"] as? String == "*" ? "everyone" : held["audience"] as? String ?? "?"
            let reasons = held["reasons"] as? [String] ?? []
            lines.append("held on \(held["channel"] as? String ?? "?"): \(who) keeps the look \(held["target"] as? String ?? "?") served"
                + (reasons.first.map { ": \($0)" + (reasons.count > 1 ? " (and \(reasons.count - 1) more)" : "") } ?? ""))
        }
        return lines
    }
}
