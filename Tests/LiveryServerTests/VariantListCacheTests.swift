import Foundation
import Testing

/// A variant list keys caches in its canonical form (docs/api.md, "Reading skins"): each name
/// once, at its first occurrence, as resolution reads it. `v0` and `v0,v0` are one look, one
/// resolution and one cache entry; order still matters (later variants win).
@Suite struct VariantListCacheTests {
    static let skin = #"""
        {"$livery": {"variants": {"v0": {"color": {"tint": {"$value": "#ff0000"}}}, "v1": {"color": {"tint": {"$value": "#0000ff"}}}}},
         "color": {"$type": "color", "tint": {"$value": "#00ff00"}}}
        """#

    static func misses(_ server: TestServer) async throws -> Int {
        let line = try await server.get("/metrics").text.split(separator: "\n").first { $0.hasPrefix("livery_resolve_cache_misses_total ") }
        return try #require(line.flatMap { Int($0.split(separator: " ")[1]) })
    }

    @Test func repeatedVariantsShareOneResolutionAndOneEntry() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("looks", Self.skin, token: designer).status == 201)
            func read(_ query: String) async throws -> TestResponse {
                let response = try await server.get("/v1/skins/looks/resolved?\(query)")
                #expect(response.status == 200, "\(query)")
                return response
            }
            func tint(_ response: TestResponse) -> String? {
                ((response.json["tokens"] as? [String: Any])?["color.tint"] as? [String: Any])?["value"] as? String
            }

            let start = try await Self.misses(server)
            let once = try await read("variant=v0")
            #expect(try await Self.misses(server) == start + 1)
            for repeated in ["variant=v0,v0", "variant=v0&variant=v0", "variant=v0,%20v0,v0"] {
                let again = try await read(repeated)
                #expect(again.header("ETag") == once.header("ETag") && again.body == once.body, "\(repeated)")
            }
            #expect(try await Self.misses(server) == start + 1, "the repeats were answered from the first one's entry")

            // Order still matters, and a later repeat adds nothing: v0,v1,v0 is v0,v1 (v1 wins).
            let blue = try await read("variant=v0,v1")
            #expect(tint(blue) == "#0000ffff")
            #expect(tint(try await read("variant=v1,v0")) == "#ff0000ff")
            #expect(try await Self.misses(server) == start + 3)
            let repeatedPair = try await read("variant=v0,v1,v0")
            #expect(repeatedPair.header("ETag") == blue.header("ETag") && tint(repeatedPair) == "#0000ffff")
            #expect(try await Self.misses(server) == start + 3)
        }
    }
}
