import Foundation
import Testing
@testable import LiveryClient
import SkinModel

/// The Swift client against the fleet's table of test vectors (`Tests/Fixtures/fleet-vectors.json`,
/// also read by the server's `FleetVectorTests` and the web client's tests): its install bucket,
/// and the builds it agrees to name.
@Suite struct FleetVectorClientTests {
    static func vectors() throws -> (buckets: [[Any]], clients: [[Any]]) {
        var root = URL(fileURLWithPath: #filePath)
        while root.lastPathComponent != "Tests" { root.deleteLastPathComponent() }
        let data = try Data(contentsOf: root.appendingPathComponent("Fixtures/fleet-vectors.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try #require(json["buckets"] as? [[Any]]), try #require(json["clients"] as? [[Any]]))
    }

    @Test func theInstallBucketIsTheTables() throws {
        for vector in try Self.vectors().buckets {
            let id = try #require(vector[0] as? String), bucket = try #require(vector[1] as? Int)
            #expect(InstallIdentity.bucket(of: id) == bucket, "\(id)")
        }
    }

    /// Whatever the client agrees to send, the server counts as the table says; and a version of
    /// three numbers that the server refuses, the client refuses too (it completes only a short
    /// version, `3.2` → `3.2.0`, and lower-cases a platform).
    @Test func theClientNamesExactlyTheBuildsTheServerCounts() throws {
        for vector in try Self.vectors().clients {
            let text = try #require(vector[0] as? String), counted = vector[1] as? String
            guard let slash = text.firstIndex(of: "/") else { continue }
            let platform = String(text[..<slash]), version = String(text[text.index(after: slash)...])
            let identity = LiveryClientIdentity(platform: platform, version: version)
            if let identity { #expect(ClientIdentity(identity.description) != nil, "\(text) is sent as \(identity.description)") }
            let threeNumbers = version.prefix { $0 != "-" && $0 != "+" }.split(separator: ".", omittingEmptySubsequences: false).count == 3
            if threeNumbers && platform == platform.lowercased() {
                #expect((identity != nil) == (counted != nil), "\(text)")
            }
        }
    }
}
