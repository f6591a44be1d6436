import Foundation
import Testing
@testable import SkinModel

/// The fleet vocabulary's one table of test vectors (`Tests/Fixtures/fleet-vectors.json`): the
/// server's bucket and `client=` rules against it. The Swift client (`FleetVectorClientTests`)
/// and the web client (`Tests/WebClient/fleet-vectors.test.mjs`) are checked against the same
/// file, so the three cannot drift apart.
@Suite struct FleetVectorTests {
    struct Vectors {
        let buckets: [(id: String, bucket: Int)]
        let clients: [(text: String, counted: String?)]
    }

    /// The table, read from the repository.
    static func vectors(from file: String = #filePath) throws -> Vectors {
        var root = URL(fileURLWithPath: file)
        while root.lastPathComponent != "Tests" { root.deleteLastPathComponent() }
        let data = try Data(contentsOf: root.appendingPathComponent("Fixtures/fleet-vectors.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let buckets = try #require(json["buckets"] as? [[Any]]).map { ($0[0] as? String ?? "", $0[1] as? Int ?? -1) }
        let clients = try #require(json["clients"] as? [[Any]]).map { ($0[0] as? String ?? "", $0[1] as? String) }
        return Vectors(buckets: buckets, clients: clients)
    }

    @Test func theBucketIsTheTablesForEveryId() throws {
        let vectors = try Self.vectors()
        #expect(vectors.buckets.count >= 8)
        for (id, bucket) in vectors.buckets { #expect(RolloutBucket.of(id) == bucket, "\(id)") }
    }

    @Test func everyClientValueIsCountedAsTheTableSays() throws {
        let vectors = try Self.vectors()
        #expect(vectors.clients.contains { $0.counted == nil } && vectors.clients.contains { $0.counted != nil })
        for (text, counted) in vectors.clients { #expect(ClientIdentity(text)?.description == counted, "\(text)") }
    }
}
