/// How many assets, and how many bytes of them, the store may hold at most (docs/operations.md,
/// "Assets"). Assets are content-addressed and shared by every skin, so the quota is the
/// store's total, checked inside the upload's write transaction; `0` means no limit.
package struct AssetQuota: Sendable, Equatable {
    /// Distinct assets at most; `0`: unlimited.
    package var maxCount: Int
    /// Bytes of all assets together at most; `0`: unlimited.
    package var maxBytes: Int

    package init(maxCount: Int, maxBytes: Int) {
        self.maxCount = maxCount
        self.maxBytes = maxBytes
    }

    /// No limit: what the store does when nobody asks for one (tests, tools).
    package static let unlimited = AssetQuota(maxCount: 0, maxBytes: 0)
}

/// An upload refused because storing it would pass the ``AssetQuota``; the server answers 507
/// naming the limit (docs/api.md). Nothing was stored.
package struct AssetQuotaExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which limit: `"assets.maxCount"` or `"assets.maxBytes"`, the configuration key's name.
    package let key: String
    /// The limit in force.
    package let limit: Int
    /// What the store holds now (assets or bytes).
    package let current: Int
    /// What the upload would add (1 asset, or its size in bytes).
    package let adding: Int

    package var description: String {
        key == "assets.maxCount"
            ? "the store holds \(current) assets, the limit (\(key)) is \(limit)"
            : "the store holds \(current) bytes of assets; \(adding) more would pass the limit (\(key)) of \(limit)"
    }
}
