/// The one byte budget of the server's caches (`cache.maxBytes`, docs/operations.md "Caches"),
/// split in fixed shares, one per cache.
///
/// Why shares rather than one LRU across caches: each cache is filled by a different surface,
/// and some of those an anonymous client drives (variant lists, OFREP contexts, lookups). With
/// one pool, a flood of cheap distinct reads could evict the parsed documents and resolved
/// looks that every launch needs; with shares, it only cycles its own cache, and what the other
/// caches hold stays. Each share is least-recently-used within itself (``CacheShare``), so the
/// hot document of a cache stays while cold ones go. The shares add up to the budget, so the
/// bytes all caches hold never pass it.
///
/// Sizes are estimates, made once per entry: a resolved document's bytes and their gzip form; a
/// parsed document at ``parsedBytesPerSourceByte`` times its JSON; a resolved look at
/// ``resolvedBytesPerToken`` per token; an OFREP answer's flags and bulk bytes.
package struct CacheBudget: Sendable, Equatable {
    /// All caches together, in bytes.
    package let total: Int

    package init(total: Int) {
        self.total = total
    }

    /// Resolved documents (launches, long-polls, OFREP's looks): half, the hot path's cache.
    var documents: Int { total / 2 }
    /// Parsed stored versions (every resolution starts from them): a quarter.
    var parsed: Int { total / 4 }
    /// Resolved looks behind lookups, interpolation and `/contrast`: an eighth.
    var resolvedSkins: Int { total / 8 }
    /// OFREP's prepared answers: the last eighth.
    var ofrep: Int { total - documents - parsed - resolvedSkins }

    /// A parsed document's tree (dictionaries of strings, values and their source positions) is
    /// several times its JSON; the factor errs on the large side so the budget is not exceeded.
    static let parsedBytesPerSourceByte = 6
    /// A resolved token (path, typed value, its source and references) for a look's estimate.
    static let resolvedBytesPerToken = 512
}
