import SkinModel
import SkinStore

/// The contrast gate on channel changes (SPEC §3.5): activating, scheduling or rolling out a
/// version whose contrast pairs fail answers `409` listing them, unless an admin says `"force": true`.
extension Routes {
    /// Checks the targets a change would newly show and decides whether it may go ahead.
    ///
    /// Only targets the channel does not already show are checked (a rollout step that keeps
    /// the active look is not blocked by that look), except for a schedule, whose channel may
    /// look different by the time it runs (`current` nil: everything named is checked).
    ///
    /// - Returns: whether the change goes ahead by force (failures exist and an admin forced it).
    /// - Throws: `Problem` 403 when a non-admin asks to force; 409 with the failures as
    ///   `errors` (code `contrast`) when they exist and the request does not force.
    func contrastGate(_ request: ChannelChangeRequest, current: ChannelState?, token: AuthenticatedToken) async throws(Problem) -> Bool {
        if request.force, token.role < .admin {
            throw Problem.forbidden("Only an admin token may force a change past the contrast gate; \"\(token.name)\" is a \(token.role.rawValue).")
        }
        var targets: [(skin: String, version: Int?)] = []
        if current.map({ $0.skin != request.state.skin || $0.version != request.state.version }) ?? true {
            targets.append((request.state.skin, request.state.version))
        }
        if let rollout = request.state.rollout,
            current.map({ $0.rollout?.skin != rollout.skin || $0.rollout?.version != rollout.version }) ?? true
        {
            targets.append((rollout.skin, rollout.version))
        }
        var failures: [(target: String, failure: ContrastFailure)] = []
        for target in targets {
            let lineage = try await documents.lineage(skin: target.skin, version: target.version)
            guard let leaf = lineage.last else { continue }
            let entries = try documents.lineageEntries(lineage)
            let assets = try await documents.assets(for: lineage.map(\.document))
            for failure in ContrastGate.check(lineage: entries, assets: assets).failures {
                failures.append(("\(leaf.skin)@\(leaf.number)", failure))
            }
        }
        guard !failures.isEmpty else { return false }
        if request.force { return true }
        var problem = Problem.conflict(
            "\(failures.count) contrast pair\(failures.count == 1 ? "" : "s") fail (\(Set(failures.map(\.target)).sorted().joined(separator: ", "))); "
                + "fix the skin, or an admin may send \"force\": true.")
        problem.slug = "contrast"
        problem.errors = failures.map { target, failure in
            var diagnostic = failure.diagnostic
            diagnostic.severity = .error
            diagnostic.message = "\(target): \(diagnostic.message)"
            return diagnostic
        }
        throw problem
    }
}
