import Testing
@testable import SkinStore

@Suite("Assets")
struct AssetTests {
    @Test(arguments: TestBackend.available) func assetsAreContentAddressedAndIdempotent(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
            let hash = try await store.putAsset(png, contentType: "image/png", actor: "alice")
            #expect(hash == SHA256Digest.hex(png))
            #expect(try await store.putAsset(png, contentType: "image/x-other", actor: "bob") == hash)

            let asset = try await store.asset(hash)
            #expect(asset.bytes == png && asset.contentType == "image/png")

            let empty = try await store.putAsset([], contentType: "image/svg+xml", actor: "alice")
            #expect(try await store.asset(empty).bytes == [])

            let missing = String(repeating: "0", count: 64)
            let metadata = try await store.assetMetadata([hash, empty, missing, hash])
            #expect(metadata == [
                hash: AssetMetadata(sha256: hash, contentType: "image/png", size: png.count),
                empty: AssetMetadata(sha256: empty, contentType: "image/svg+xml", size: 0),
            ])
            await #expect(throws: StoreError.notFound(.asset(sha256: missing))) { try await store.asset(missing) }

            // Only the two real inserts are audited.
            let audit = try await store.auditLog().filter { $0.action == "asset.put" }
            #expect(audit.map(\.target) == ["asset/\(hash)", "asset/\(empty)"])
        }
    }

    @Test(arguments: TestBackend.available) func metadataLookupHandlesManyHashes(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            var hashes: [String] = []
            for index in 0..<250 {
                hashes.append(try await store.putAsset(Array("asset \(index)".utf8), contentType: "image/png", actor: "a"))
            }
            let metadata = try await store.assetMetadata(hashes + ["f" + String(repeating: "0", count: 63)])
            #expect(metadata.count == 250)
            #expect(Set(metadata.keys) == Set(hashes))
        }
    }
}
