import HTTPEngine
import SkinModel

/// `GET /v1/skins/{skin}/contrast?version=&variant=&background=`: what the console marks on a
/// Look (docs/api.md): the failing declared and implied pairs of that selection, and every text
/// colour's ratio against the chosen background. A read like `styles/resolve`: public unless the
/// operator makes reads private.
extension Routes {
    func registerConsoleContrastRoute(_ router: inout HTTPRouter) {
        addRead("/v1/skins/{skin}/contrast", to: &router) { request, parameters, context in
            let skin = parameters["skin"]!
            // Contrast of every text colour against every background: heavy work, in the lane.
            let lane = self.lane
            return clientRead(request, context) { () async throws(Problem) in try await lane.run { () async throws(Problem) in
                let target = try Self.lookupTarget(skin, request)
                let query = try DocumentQuery(request)
                let background = request.queryValue("background").flatMap { $0.isEmpty ? nil : $0 }
                let resolved = try await documents.resolvedSkin(target, variants: query.variants)
                let pinned: Int? = if case .version(_, let number) = target { number } else { nil }
                let lineage = try await documents.lineage(skin: skin, version: pinned)
                let findings = ConsoleContrast(skin: resolved, lineage: try documents.lineageEntries(lineage), background: background)
                if let background, findings.background == nil {
                    throw Problem.badRequest("background must be a colour token's path or a colour such as #ffffff; \(skin) has no colour \"\(background)\".")
                }
                return JSONResponse.make(.ok, findings.json(skin: skin, version: lineage.last?.number, variants: resolved.variants))
            } }
        }
    }
}

extension ConsoleContrast {
    /// `{skin, version, variants, background, failures: [{path, foreground, background, minimum, ratio, message}], text: [{path, ratio, minimum, passes}]}`.
    func json(skin: String, version: Int?, variants: [String]) -> JSONValue {
        let rounded = { (ratio: Double) in JSONValue.number((ratio * 100).rounded(.down) / 100) }
        return .object(JSONObject([
            ("skin", .string(skin)), ("version", .optional(version)),
            ("variants", .array(variants.map(JSONValue.string))),
            ("background", background.map { .object(JSONObject([("token", .optional($0.token)), ("value", .string($0.color.hexString))])) } ?? .null),
            ("failures", .array(gate.failures.map { failure in
                .object(JSONObject([
                    ("path", .string(failure.requirement.path)), ("foreground", .string(failure.requirement.foreground)),
                    ("background", .string(failure.requirement.background)), ("minimum", .number(failure.requirement.minimum)),
                    ("ratio", rounded(failure.ratio)), ("message", .string(failure.diagnostic.message)),
                ]))
            })),
            ("text", .array(text.sorted { $0.path < $1.path }.map { finding in
                .object(JSONObject([
                    ("path", .string(finding.path)), ("ratio", rounded(finding.ratio)), ("minimum", .number(finding.minimum)),
                    ("passes", .bool(finding.ratio >= finding.minimum)),
                ]))
            })),
        ]))
    }
}
