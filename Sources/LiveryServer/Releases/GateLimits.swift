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
}
