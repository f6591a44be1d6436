import SkinModel
import SkinStore

/// The `builds` member of `PUT /v1/channels/{c}` (docs/apps.md, "Old builds in the field"):
/// `[{"platform": "ios", "versions": "<3.2.0", "skin": "summer", "version": 4}]`.
extension ChannelChangeRequest {
    /// Most entries a channel may have (docs/operations.md, "Limits"): each is one more document
    /// per variant selection beside the active and rollout ones, every request tries them in
    /// order, and the release gate matches every live build against them on each change.
    static let maxBuildEntries = 64
    /// Most comparisons one entry's `versions` may join: a range is a lower and an upper bound,
    /// perhaps an exclusion or two; more is no range but work for every match.
    static let maxRangeComparisons = 8

    /// Parses `builds`: nil when absent (the channel keeps its entries), `[]` removes them.
    /// - Throws: `Problem` 400 (`invalid-builds`) naming the entry and member that is wrong;
    ///   422 (`limit-exceeded`) past ``maxBuildEntries`` entries or ``maxRangeComparisons``
    ///   comparisons in one entry.
    static func builds(_ value: JSONValue?) throws(Problem) -> [BuildTarget]? {
        guard let value else { return nil }
        let shape = "builds must be a list of {\"platform\", \"versions\", \"skin\", \"version\"}"
        guard case .array(let entries) = value else { throw Problem.badRequest("\(shape).", slug: "invalid-builds") }
        guard entries.count <= maxBuildEntries else {
            throw Problem.limitExceeded(
                "builds has \(entries.count) entries; a channel has at most \(maxBuildEntries) (docs/operations.md, \"Limits\").")
        }
        var targets: [BuildTarget] = []
        for (index, entry) in entries.enumerated() {
            let name = "builds[\(index)]"
            guard case .object(let members) = entry else { throw Problem.badRequest("\(name): \(shape).", slug: "invalid-builds") }
            if let unknown = members.keys.first(where: { !["platform", "versions", "skin", "version"].contains($0) }) {
                throw Problem.badRequest("Unknown member \"\(name).\(unknown)\"; \(shape).", slug: "invalid-builds")
            }
            guard case .string(let platformName)? = members["platform"], let platform = ClientPlatform(rawValue: platformName) else {
                throw Problem.badRequest("\(name).platform must be one of \(ClientPlatform.names).", slug: "invalid-builds")
            }
            guard case .string(let rangeText)? = members["versions"], let range = BuildRange(rangeText) else {
                throw Problem.badRequest(
                    "\(name).versions must be comparisons joined by spaces, each <, <=, >, >= or = and a version MAJOR.MINOR.PATCH "
                        + "(\">=3.0.0 <3.2.0\").", slug: "invalid-builds")
            }
            guard range.comparisons.count <= maxRangeComparisons else {
                throw Problem.limitExceeded(
                    "\(name).versions joins \(range.comparisons.count) comparisons; a range joins at most \(maxRangeComparisons) "
                        + "(docs/operations.md, \"Limits\").")
            }
            guard case .string(let skin)? = members["skin"] else {
                throw Problem.badRequest("\(name).skin must be a skin name.", slug: "invalid-builds")
            }
            try RequestBody.checkName(skin, what: "Skin")
            let version = try version(members["version"], member: "\(name).version")
            targets.append(BuildTarget(platform: platform, versions: range, skin: skin, version: version))
        }
        return targets
    }
}
