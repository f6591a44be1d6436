import Foundation
import Testing
@testable import LiveryClient

/// The rollout bucket (docs/api.md, "Rollouts, schedules and rollback"): from an install id made once and kept with the cache.
@Suite struct InstallBucketTests {
    @Test func theBucketIsStableAcrossRestartsAndSentWithEveryRequest() async throws {
        try await withTemporaryFolder { folder in
            let configuration = LiveryClientConfiguration(baseURL: URL(string: "http://127.0.0.1:1")!, cacheDirectory: folder)
            let first = try LiveryClient(configuration: configuration)
            let again = try LiveryClient(configuration: configuration)  // a second launch
            #expect(first.install.id == again.install.id)
            #expect(first.bucket == again.bucket)
            #expect(first.skinURL.absoluteString == "http://127.0.0.1:1/v1/channels/default/skin?bucket=\(first.bucket)")
            let kept = try String(contentsOf: folder.appendingPathComponent(InstallIdentity.fileName), encoding: .utf8)
            #expect(kept == first.install.id)
            #expect(kept.count == 32)
            let long = first.endpoint.request(etag: "\"x\"", wait: 30, gzip: true)
            #expect(long.url?.query == "bucket=\(first.bucket)", "long-polls carry the bucket too")
        }
    }

    @Test func aCorruptIdFileIsReplaced() async throws {
        try await withTemporaryFolder { folder in
            try Data("not an id".utf8).write(to: folder.appendingPathComponent(InstallIdentity.fileName))
            let made = InstallIdentity.load(directory: folder)
            #expect(made.id.count == 32)
            #expect(InstallIdentity.load(directory: folder) == made)
        }
    }

    @Test func randomIdsSpreadEvenlyOverTheHundredBuckets() {
        let ids = 100_000
        var counts = [Int](repeating: 0, count: 100)
        for _ in 0..<ids { counts[InstallIdentity.bucket(of: InstallIdentity.random())] += 1 }
        // 1,000 expected per bucket, standard deviation about 31.5: ±15 % is over 4.7 σ, which a
        // fair function misses with probability below 1e-4 over all 100 buckets.
        #expect(counts.min()! > 850, "fullest and emptiest buckets: \(counts.max()!), \(counts.min()!)")
        #expect(counts.max()! < 1_150, "fullest and emptiest buckets: \(counts.max()!), \(counts.min()!)")
        // χ² with 99 degrees of freedom: above 160 has probability below 1e-4 for a fair spread.
        let chiSquare = counts.reduce(0.0) { $0 + pow(Double($1) - 1_000, 2) / 1_000 }
        #expect(chiSquare < 160, "χ² = \(chiSquare)")
    }
}
