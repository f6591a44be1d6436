/// Content-addressed assets.
extension SkinStore {
    /// Stores `bytes` under their SHA-256 and returns it (lowercase hex). Idempotent: uploading
    /// the same bytes again stores nothing and keeps the first content type. The caller checks
    /// the content type against the bytes and the size limit; the store checks `quota` inside the
    /// write transaction and throws ``AssetQuotaExceeded`` when a new asset would pass it.
    package func putAsset(_ bytes: [UInt8], contentType: String, actor: String, quota: AssetQuota = .unlimited) async throws -> String {
        try await write { database, now in
            try AssetQueries.put(database, bytes: bytes, contentType: contentType, actor: actor, at: now, quota: quota)
        }
    }

    /// The asset with this SHA-256 (lowercase hex).
    /// - Throws: ``StoreError/notFound(_:)``.
    package func asset(_ sha256: String) async throws -> Asset {
        try await read { try AssetQueries.get($0, sha256: sha256) }
    }

    /// Content type and size of every stored asset among `hashes`, in one read; unknown
    /// hashes are absent. For resolving a document's `asset` tokens.
    package func assetMetadata(_ hashes: [String]) async throws -> [String: AssetMetadata] {
        guard !hashes.isEmpty else { return [:] }
        return try await read { try AssetQueries.metadata($0, hashes: hashes) }
    }
}
