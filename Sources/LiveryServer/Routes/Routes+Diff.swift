import HTTPEngine
import SkinModel
import SkinStore

/// `GET /v1/skins/{skin}/diff` and the impact `publish` answers with (docs/api.md, "Diff").
extension Routes {
    /// `GET /v1/skins/{skin}/diff?from=3&to=5&variant=`: the token, style and image differences of
    /// two versions over every selection (or the one `variant` names), with their impact.
    func diff(skin: String, request: HTTPRequest) async throws(Problem) -> HTTPResponse {
        guard let from = try Self.wholeNumber(request, "from"), let to = try Self.wholeNumber(request, "to"), from >= 1, to >= 1 else {
            throw Problem.badRequest("from and to must both be version numbers.")
        }
        let variants = try DocumentQuery(request).variants
        let diff = try await skinDiff(skin: skin, from: from, to: to, only: request.queryValue("variant") == nil ? nil : variants)
        var json = diff.json
        if case .object(var object) = json {
            object["skin"] = .string(skin)
            object["from"] = .int(from)
            object["to"] = .int(to)
            object["variants"] = .array(variants.map(JSONValue.string))
            object["breaking"] = .array(try await breakingJSON(diff.breaking, skin: skin))
            json = .object(object)
        }
        return JSONResponse.make(.ok, json)
    }

    /// Breaking entries as the diff and publish answers write them, each with `builds`: the live
    /// builds (on channels serving `skin`, with a contract) that read what it breaks, so a
    /// designer learns who a change breaks before a `409` says so (docs/apps.md).
    func breakingJSON(_ breaking: [BreakingChange], skin: String) async throws(Problem) -> [JSONValue] {
        let contracts = breaking.isEmpty ? [] : try await contractsReaching(skin: skin)
        return breaking.map { change in
            guard case .object(var object) = change.json else { return change.json }
            object["builds"] = .array(contracts.filter { $0.contract.reads(change) }.map { JSONValue.string($0.build) })
            return .object(object)
        }
    }

    /// Compares two versions of a skin.
    ///
    /// - Parameter only: one selection to compare (`variant=` on the diff route); nil compares every
    ///   selection either version declares, as the contrast gate selects them.
    ///   - newResolved: selections of `to` already resolved (publish's validation), used instead of
    ///     resolving them again.
    /// - Throws: `Problem` 404 for a missing skin or version, 400 for an unknown variant in `only`.
    func skinDiff(
        skin: String, from: Int, to: Int, only: [String]?, newResolved: [[String]: ResolvedSkin] = [:]
    ) async throws(Problem) -> SkinDiff {
        let (old, new) = (DocumentView.Target.version(skin: skin, number: from), DocumentView.Target.version(skin: skin, number: to))
        if let only {
            let comparison = SkinDiff.Comparison(
                selection: only,
                old: try await documents.resolvedSkin(old, variants: only),
                new: try await documents.resolvedSkin(new, variants: only))
            return SkinDiff.compare([comparison])
        }
        let oldSelections = LookSelections.of(try documents.lineageEntries(try await documents.lineage(skin: skin, version: from))).selections
        let newSelections = LookSelections.of(try documents.lineageEntries(try await documents.lineage(skin: skin, version: to))).selections
        let (shared, added, removed) = SkinDiff.split(old: oldSelections, new: newSelections)
        var comparisons: [SkinDiff.Comparison] = []
        for selection in shared {
            let newSkin: ResolvedSkin
            if let resolved = newResolved[selection] {
                newSkin = resolved
            } else {
                newSkin = try await documents.resolvedSkin(new, variants: selection)
            }
            comparisons.append(SkinDiff.Comparison(
                selection: selection, old: try await documents.resolvedSkin(old, variants: selection), new: newSkin))
        }
        return SkinDiff.compare(comparisons, selectionsAdded: added, selectionsRemoved: removed)
    }

    /// The impact of a version just published against the one before it (a first version is
    /// `additive`: everything in it appeared), with its breaking entries. Nil when the comparison
    /// itself fails (the previous version no longer resolves): the publish has happened, and a
    /// missing `impact` says "unknown" rather than failing it.
    /// `resolved`: the selections validation resolved for the new version, which need no second resolution.
    func publishImpact(
        skin: String, version: Int, resolved: [[String]: ResolvedSkin] = [:]
    ) async -> (impact: DiffImpact, breaking: [BreakingChange])? {
        guard version > 1 else { return (.additive, []) }
        do throws(Problem) {
            let diff = try await skinDiff(skin: skin, from: version - 1, to: version, only: nil, newResolved: resolved)
            return (diff.impact, diff.breaking)
        } catch {
            logger.warning("publish impact not computed", metadata: ["skin": "\(skin)", "skin.version": "\(version)", "problem": "\(error.detail)"])
            return nil
        }
    }
}
