import SkinModel
import SkinStore

/// How the release gate (``gateChange(_:to:force:token:holding:)``, docs/skins.md the contrast
/// gate, docs/apps.md the compatibility gate) answers: who may go past it, and the `409` it
/// gives otherwise.
extension Routes {
    /// Only an admin may go past the gate.
    static func checkForce(_ force: Bool, token: AuthenticatedToken) throws(Problem) {
        if force, token.role < .admin {
            throw Problem.forbidden("Only an admin token may force a change past the release gate; \"\(token.name)\" is a \(token.role.rawValue).")
        }
    }

    /// The `409` listing the findings: contrast failures (as `errors`), then each build's
    /// incompatibilities (as `findings` too), at most ``GateLimits/listedFindings`` in all, the
    /// rest counted in `more`. The detail says what failed once, and the way out that fits it:
    /// a contrast failure is fixed in the skin (or forced); a build that cannot read a look is
    /// pinned to one it can with a `builds` entry (or forced).
    static func gateProblem(
        contrast: [(target: String, failure: ContrastFailure)], incompatible: [(target: String, finding: CompatibilityFinding)]
    ) -> Problem {
        var reasons: [String] = []
        if !contrast.isEmpty {
            let looks = Self.uniqueInOrder(contrast.map(\.target)).joined(separator: ", ")
            reasons.append(
                "\(looks) fail\(looks.contains(",") ? "" : "s") \(contrast.count) contrast pair\(contrast.count == 1 ? "" : "s"): "
                    + "fix the colours in the skin, or an admin may send \"force\": true")
        }
        if !incompatible.isEmpty {
            let builds = Self.uniqueInOrder(incompatible.map(\.finding.build).sorted())
            let looks = Self.uniqueInOrder(incompatible.map(\.target)).joined(separator: ", ")
            // At most ten builds by name: a thousand live builds are a count, not a sentence.
            let named = builds.prefix(10).joined(separator: ", ") + (builds.count > 10 ? " and \(builds.count - 10) more" : "")
            reasons.append(
                "\(looks) lack\(looks.contains(",") ? "" : "s") \(incompatible.count) entr\(incompatible.count == 1 ? "y" : "ies") that live build"
                    + "\(builds.count == 1 ? "" : "s") \(named) read\(builds.count == 1 ? "s" : ""): "
                    + "pin \(builds.count == 1 ? "it" : "them") to a version \(builds.count == 1 ? "it" : "they") can read with a builds entry, "
                    + "or an admin may send \"force\": true")
        }
        let total = contrast.count + incompatible.count
        var problem = Problem.conflict(reasons.joined(separator: "; ") + "." + GateLimits.moreSentence(total: total))
        problem.slug = contrast.isEmpty ? "incompatible" : "contrast"
        problem.more = max(0, total - GateLimits.listedFindings)
        let contrast = contrast.prefix(GateLimits.listedFindings)
        let incompatible = incompatible.prefix(GateLimits.listedFindings - contrast.count)
        problem.errors = contrast.map { target, failure in
            var diagnostic = failure.diagnostic
            diagnostic.severity = .error
            diagnostic.message = "\(target): \(diagnostic.message)"
            return diagnostic
        }
        problem.findings = incompatible.map { target, finding in
            var finding = finding
            finding.message = "\(target): \(finding.message)"
            return finding.json
        }
        return problem
    }

    private static func uniqueInOrder(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
