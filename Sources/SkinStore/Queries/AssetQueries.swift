
/// Content-addressed assets. Every function runs inside a transaction opened by ``SkinStore``.
enum AssetQueries {
    /// Stores `bytes` under their SHA-256 unless already present; returns the hash.
    /// A repeated upload changes nothing (the first content type stays) and writes no audit row.
    /// A new asset that would pass `quota` throws ``AssetQuotaExceeded`` and stores nothing; a
    /// repeated one is always accepted (it adds nothing).
    static func put(
        _ database: any SQLDatabase, bytes: [UInt8], contentType: String, actor: String, at: String, quota: AssetQuota = .unlimited
    ) throws -> String {
        let sha256 = SHA256Digest.hex(bytes)
        if quota != .unlimited {
            try checkQuota(database, sha256: sha256, size: bytes.count, quota: quota)
        }
        let inserted = try database.run(
            "INSERT INTO assets (sha256, content_type, size, bytes, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING",
            [.text(sha256), .text(contentType), SQLValue(bytes.count), .blob(bytes), .text(at)]
        )
        if inserted == 1 {
            try AuditQueries.record(
                database, at: at, actor: actor, action: "asset.put", target: "asset/\(sha256)",
                detail: JSONText.object(["contentType": .string(contentType), "size": .int(bytes.count)])
            )
        }
        return sha256
    }

    /// Throws ``AssetQuotaExceeded`` when a new asset of `size` bytes would pass `quota`.
    ///
    /// The totals are read and the asset inserted in one write transaction, and the store runs
    /// one write transaction at a time on either backend (SQLite's `BEGIN IMMEDIATE`; on
    /// PostgreSQL the store's write lock, ``PostgresConnection/writeTransaction(_:)``), so two
    /// uploads can never both count the totals before either inserts (`AssetQuotaRaceTests`).
    private static func checkQuota(_ database: any SQLDatabase, sha256: String, size: Int, quota: AssetQuota) throws {
        let present = try database.queryFirst("SELECT 1 FROM assets WHERE sha256 = ?", [.text(sha256)], row: { $0.int(0) })
        guard present == nil else { return }
        let totals = try database.queryFirst(
            "SELECT COUNT(*), COALESCE(SUM(size), 0) FROM assets", [], row: { (count: $0.int(0), bytes: $0.int(1)) }
        ) ?? (count: 0, bytes: 0)
        if quota.maxCount > 0, totals.count + 1 > quota.maxCount {
            throw AssetQuotaExceeded(key: "assets.maxCount", limit: quota.maxCount, current: totals.count, adding: 1)
        }
        if quota.maxBytes > 0, totals.bytes + size > quota.maxBytes {
            throw AssetQuotaExceeded(key: "assets.maxBytes", limit: quota.maxBytes, current: totals.bytes, adding: size)
        }
    }

    /// The asset with this hash.
    /// - Throws: ``StoreError/notFound(_:)``.
    static func get(_ database: any SQLDatabase, sha256: String) throws -> Asset {
        guard
            let asset = try database.queryFirst("SELECT content_type, bytes FROM assets WHERE sha256 = ?", [.text(sha256)], row: {
                Asset(sha256: sha256, contentType: $0.string(0), bytes: $0.blob(1))
            })
        else {
            throw StoreError.notFound(.asset(sha256: sha256))
        }
        return asset
    }

    /// Metadata of every stored asset among `hashes`; missing ones are absent from the result.
    static func metadata(_ database: any SQLDatabase, hashes: some Collection<String>) throws -> [String: AssetMetadata] {
        var result: [String: AssetMetadata] = [:]
        let unique = Array(Set(hashes))
        // Batches keep each statement well under SQLite's bound-parameter limit. The SQL text
        // varies with the batch size, so these statements are not cached.
        let batchSize = 100
        for start in stride(from: 0, to: unique.count, by: batchSize) {
            let batch = unique[start..<min(start + batchSize, unique.count)]
            let placeholders = Array(repeating: "?", count: batch.count).joined(separator: ",")
            let rows = try database.queryOnce(
                "SELECT sha256, content_type, size FROM assets WHERE sha256 IN (\(placeholders))", batch.map { .text($0) }
            ) { AssetMetadata(sha256: $0.string(0), contentType: $0.string(1), size: $0.int(2)) }
            for metadata in rows {
                result[metadata.sha256] = metadata
            }
        }
        return result
    }
}
