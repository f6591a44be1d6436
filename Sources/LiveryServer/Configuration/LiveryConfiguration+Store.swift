import SkinStore

/// What the configuration decides about storage and caching.
extension LiveryConfiguration {
    /// The store's backend: PostgreSQL when `database.url` is set (docs/operations.md, "Shutdown, several processes, caches and balancers"), else the SQLite
    /// file at `database.path`.
    package var storeBackend: any StoreBackend {
        if let databaseURL {
            return PostgresBackend(url: databaseURL, readURL: databaseReadURL)
        }
        return SQLiteBackend(path: databasePath)
    }

    /// `Cache-Control` of launch answers (resolved documents without `wait`), docs/api.md, "Reading skins": always
    /// revalidated by apps (`no-cache`); with a shared lifetime, a CDN may answer for
    /// `s-maxage` seconds and serve stale while revalidating (RFC 9111 §5.2.2.10, RFC 5861 §3).
    /// Without `public` and `s-maxage`, a stock shared cache stores nothing useful.
    package var launchCacheControl: String {
        guard sharedMaxAge > 0 else { return "no-cache" }
        var value = "public, no-cache, s-maxage=\(sharedMaxAge)"
        if staleWhileRevalidate > 0 {
            value += ", stale-while-revalidate=\(staleWhileRevalidate)"
        }
        return value
    }
}
