import Foundation
import Testing
@testable import SkinStore
import TestSupport

/// The asset quota holds against concurrent uploads (docs/operations.md, "Assets"): several
/// writers (as several server processes sharing one database are) uploading new assets at
/// once never store more than the quota allows, on either backend. The quota counts and inserts
/// in one write transaction, so this guards the store's promise of one write at a time.
/// `.offThePool`: the stores open and close synchronously.
@Suite(.offThePool) struct AssetQuotaRaceTests {
    /// Each of `stores` uploads `copies` new assets at once (`bytes` makes each); how many were stored.
    static func race(
        _ stores: [SkinStore], quota: AssetQuota, copies: Int, bytes: @escaping @Sendable (_ writer: Int, _ copy: Int) -> [UInt8]
    ) async throws -> Int {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for (index, store) in stores.enumerated() {
                for copy in 0..<copies {
                    group.addTask {
                        do {
                            _ = try await store.putAsset(bytes(index, copy), contentType: "text/plain", actor: "test", quota: quota)
                            return true
                        } catch is AssetQuotaExceeded {
                            return false
                        }
                    }
                }
            }
            var count = 0
            for try await stored in group where stored { count += 1 }
            return count
        }
    }

    @Test(arguments: TestBackend.available)
    func concurrentUploadsFromSeveralWritersStayWithinTheQuota(backend: TestBackend) async throws {
        let database = try await TestDatabase.make(backend)
        // One store per "process": each has its own writer connection.
        let stores = try (0..<4).map { _ in try database.openStore(readerCount: 1) }
        defer { stores.forEach { $0.close() } }
        let quota = AssetQuota(maxCount: 3, maxBytes: 0)
        var accepted = 0
        for round in 0..<5 {
            accepted += try await Self.race(stores, quota: quota, copies: 2) { index, copy in
                Array("round \(round) writer \(index) copy \(copy) \(UUID())".utf8)
            }
            #expect(accepted == 3, "round \(round): the quota admits exactly three assets in all")
        }
        let stored = try await stores[0].read { try $0.queryFirst("SELECT COUNT(*) FROM assets", [], row: { $0.int(0) }) }
        #expect(stored == 3)
    }

    @Test(arguments: TestBackend.available)
    func concurrentUploadsStayWithinTheByteQuota(backend: TestBackend) async throws {
        let database = try await TestDatabase.make(backend)
        let stores = try (0..<4).map { _ in try database.openStore(readerCount: 1) }
        defer { stores.forEach { $0.close() } }
        let quota = AssetQuota(maxCount: 0, maxBytes: 2_500)
        let results = try await Self.race(stores, quota: quota, copies: 3) { index, copy in
            let bytes = Array("writer \(index) copy \(copy) ".utf8)
            return bytes + [UInt8](repeating: UInt8(ascii: "x"), count: 1_000 - bytes.count)
        }
        #expect(results == 2, "two 1,000-byte assets fit 2,500 bytes, a third does not")
        let bytes = try await stores[0].read { try $0.queryFirst("SELECT COALESCE(SUM(size), 0) FROM assets", [], row: { $0.int(0) }) }
        #expect(bytes == 2_000)
    }
}
