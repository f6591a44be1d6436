import HTTPEngine
import SkinModel

/// `GET /v1/skins/{skin}/contrast?version=&variant=`: what the console marks on a Look
/// (docs/api.md): the failing declared and implied pairs of that selection, and each text
/// colour's ratio on the surfaces it is meant for. A read like `styles/resolve`: public unless
/// the operator makes reads private.
extension Routes {
    func registerConsoleContrastRoute(_ router: inout HTTPRouter) {
        addRead("/v1/skins/{skin}/contrast", to: &router) { request, parameters, context in
            let skin = parameters["skin"]!
            // Every text colour against its surfaces: heavy work, in the lane.
            let lane = self.lane
            return clientRead(request, context) { () async throws(Problem) in try await lane.run { () async throws(Problem) in
                let target = try Self.lookupTarget(skin, request)
                let query = try DocumentQuery(request)
                let resolved = try await documents.resolvedSkin(target, variants: query.variants)
                let pinned: Int? = if case .version(_, let number) = target { number } else { nil }
                let lineage = try await documents.lineage(skin: skin, version: pinned)
                let findings = ConsoleContrast(skin: resolved, lineage: try documents.lineageEntries(lineage))
                return JSONResponse.make(.ok, findings.json(skin: skin, version: lineage.last?.number, variants: resolved.variants))
            } }
        }
    }
}

extension ConsoleContrast {
    /// `{skin, version, variants, failures: [{path, foreground, background, minimum, ratio, message}],
    /// text: [{path, background, ratio, minimum, passes, pairs: [{background, ratio, minimum, passes, declared}]}]}`;
    /// a text entry's own `background`, `ratio` and `minimum` are its worst pair's.
    func json(skin: String, version: Int?, variants: [String]) -> JSONValue {
        let rounded = { (ratio: Double) in JSONValue.number((ratio * 100).rounded(.down) / 100) }
        let pairJSON = { (pair: Pair) -> [(String, JSONValue)] in
            [("background", .string(pair.background)), ("ratio", rounded(pair.ratio)), ("minimum", .number(pair.minimum)),
             ("passes", .bool(pair.passes))]
        }
        return .object(JSONObject([
            ("skin", .string(skin)), ("version", .optional(version)),
            ("variants", .array(variants.map(JSONValue.string))),
            ("failures", .array(gate.failures.map { failure in
                .object(JSONObject([
                    ("path", .string(failure.requirement.path)), ("foreground", .string(failure.requirement.foreground)),
                    ("background", .string(failure.requirement.background)), ("minimum", .number(failure.requirement.minimum)),
                    ("ratio", rounded(failure.ratio)), ("message", .string(failure.diagnostic.message)),
                ]))
            })),
            ("text", .array(text.map { finding in
                // Pairs are worst first: the entry's own fields are its first pair's.
                .object(JSONObject([("path", .string(finding.path))] + pairJSON(finding.pairs[0]) + [
                    ("pairs", .array(finding.pairs.map { .object(JSONObject(pairJSON($0) + [("declared", .bool($0.declared))])) })),
                ]))
            })),
        ]))
    }
}
