import Foundation

/// The requests `livery draft` sends for one draft (docs/api.md, "Drafts"): its paths, with the
/// id percent-encoded, and one request whose unexpected answer becomes the server's problem,
/// printed, and a non-zero exit.
struct DraftClient {
    let options: ServerOptions
    let id: String

    /// `/v1/drafts/{id}` plus `suffix` and the query.
    func path(_ suffix: String = "", query: [(String, String)] = []) -> String {
        "/v1/drafts/\(APIRequest.pathSegment(id))\(suffix)" + APIRequest.query(query)
    }

    /// Sends `method` to the draft's `suffix`; throws a readable failure unless the status is expected.
    func send(
        _ method: String, _ suffix: String = "", query: [(String, String)] = [], body: Data? = nil, ifMatch: String? = nil,
        expect: Set<Int>
    ) async throws -> APIRequest.Answer {
        var headers = ["Content-Type": "application/json"]
        if let ifMatch { headers["If-Match"] = try Self.entityTag(ifMatch) }
        let answer = try await APIRequest(options: options).send(method, path(suffix, query: query), body: body, headers: headers)
        try APIRequest.check(answer, expect: expect)
        return answer
    }

    /// A revision's tag as `If-Match` sends it, from the tag as printed (`"d3"`), without its
    /// quotes (`d3`, easier to type in a shell) or the revision number alone (`3`).
    static func entityTag(_ given: String) throws -> String {
        var text = Substring(given)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        if text.first == "d" { text = text.dropFirst() }
        guard let revision = Int(text), revision >= 1 else {
            throw CLIFailure("--if-match takes a draft revision's tag, \"d3\" (or d3, or 3), not \(given)")
        }
        return "\"d\(revision)\""
    }

    /// `spring (skin brand), revision 3 "d3", 1234 bytes, saved by ana at …`: a draft as `GET
    /// /v1/drafts` lists it, in one line.
    static func line(_ draft: [String: Any]) -> String {
        let revision = draft["revision"] as? Int ?? 0
        return "\(draft["id"] as? String ?? "?") (skin \(draft["skin"] as? String ?? "?")), revision \(revision) \"d\(revision)\", "
            + "\(draft["bytes"] as? Int ?? 0) bytes, saved by \(draft["updatedBy"] as? String ?? "?") at \(draft["updatedAt"] as? String ?? "?")"
    }

    /// What a save, or a check, found: `publishable` or `not publishable yet: 2 errors`, then each
    /// kind of error and warning on its line.
    static func findings(_ json: [String: Any]) -> [String] {
        let errors = json["errors"] as? [[String: Any]] ?? []
        let warnings = json["warnings"] as? [[String: Any]] ?? []
        var lines = [errors.isEmpty ? "publishable" : "not publishable yet: \(errors.count) error\(errors.count == 1 ? "" : "s")"]
        lines += FindingGroups(json: errors, severity: "error").lines
        lines += FindingGroups(json: warnings, severity: "warning").lines
        if let more = json["more"] as? Int, more > 0 { lines.append("(and \(more) more findings not listed)") }
        return lines
    }
}
