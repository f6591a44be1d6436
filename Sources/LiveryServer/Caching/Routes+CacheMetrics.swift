extension Routes {
    /// The caches' bytes against their shares of `cache.maxBytes`, and OFREP answers built, in the
    /// Prometheus text format (docs/operations.md, "Caches").
    var cacheMetricsText: String {
        let budget = documents.budget
        let held = documents.cacheBytes
        let caches: [(String, Int, Int)] = [
            ("documents", held.documents, budget.documents), ("parsed", held.parsed, budget.parsed),
            ("lookups", held.resolvedSkins, budget.resolvedSkins), ("ofrep", ofrepAnswers.bytes, budget.ofrep),
        ]
        var text = "# HELP livery_cache_bytes Estimated bytes each cache holds (within its share of cache.maxBytes).\n"
            + "# TYPE livery_cache_bytes gauge\n"
        for (name, bytes, _) in caches { text += "livery_cache_bytes{cache=\"\(name)\"} \(bytes)\n" }
        text += "# HELP livery_cache_limit_bytes Each cache's share of cache.maxBytes.\n# TYPE livery_cache_limit_bytes gauge\n"
        for (name, _, limit) in caches { text += "livery_cache_limit_bytes{cache=\"\(name)\"} \(limit)\n" }
        text += "# HELP livery_ofrep_answers_built_total OFREP answers prepared (a look evaluated for the first time since it was cached).\n"
            + "# TYPE livery_ofrep_answers_built_total counter\nlivery_ofrep_answers_built_total \(ofrepAnswers.builds)\n"
        return text
    }
}
