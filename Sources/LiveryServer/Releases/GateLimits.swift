/// The release gate's bounds on what designers hand it (docs/operations.md, "Limits"): the
/// gate checks every live build's contract on every validate, publish and channel change, so
/// what a contract holds is work on every release. Past a bound the request is refused with
/// `422` (`limit-exceeded`) naming it, before anything is stored.
///
/// Constants rather than configuration keys: they bound work, not a site's data (a contract is
/// derived from the skin an app bundles, far below 20,000 entries in practice). The number of
/// contracts is the exception (`LiveryConfiguration.maxContracts`), since how many builds a
/// team keeps in the field is theirs.
enum GateLimits {
    /// Entries one build contract may name: tokens, styles and images together. Its body is
    /// also held to `http.maxBodyBytes` (`413`), like every body.
    static let contractEntries = 20_000

    /// Findings one answer lists: a `409` of the gate or a `contract-narrowed` one, the
    /// `incompatible` warnings of validate, publish and a contract's change, the reasons of a
    /// hold. The rest are counted (`"more": n`), not listed: a 20,000-entry contract that a
    /// look misses entirely is still an answer of a few tens of kilobytes.
    static let listedFindings = 100

    /// `findings` as an answer lists them: the first ``listedFindings``, and how many more.
    static func listed<T>(_ findings: [T]) -> (listed: [T], more: Int) {
        (Array(findings.prefix(listedFindings)), max(0, findings.count - listedFindings))
    }

    /// A hold's reasons as stored and shown: the first ``listedFindings``, then one sentence
    /// counting the rest.
    static func reasons(_ messages: [String]) -> [String] {
        let (listed, more) = listed(messages)
        return more == 0 ? listed : listed + ["… and \(more) more finding\(more == 1 ? "" : "s") not listed."]
    }

    /// "The first 100 of 1234 findings are listed; 1134 more are not." for a `detail`, or "".
    static func moreSentence(total: Int) -> String {
        guard total > listedFindings else { return "" }
        return " The first \(listedFindings) of \(total) findings are listed; \(total - listedFindings) more are not (\"more\")."
    }
}
