import Foundation
import Testing
import TestSupport
@testable import LiveryServer

/// One byte budget for the caches (docs/operations.md, "Caches"), end to end: many versions
/// published and read, and many variant lists, keep every cache within its share of
/// `cache.maxBytes`, while the document launches read stays in memory (issue 33: the parsed
/// documents grew by 333 MB over 20 publishes; caches were bounded by count, not bytes).
@Suite(.offThePool) struct CacheBudgetEndpointTests {
    /// A skin of `count` colours and eight variants, different for each `seed`.
    static func skin(seed: Int, count: Int = 400) -> String {
        let tokens = (0..<count).map { index in
            ##""c\##(index)": {"$value": "#\##(String(format: "%06x", (seed * 7_919 + index * 104_729) & 0xffffff))"}"##
        }
        let variants = (0..<8).map { index in
            ##""v\##(index)": {"color": {"c\##(index)": {"$value": "#\##(String(format: "%06x", index * 0x111111))"}}}"##
        }
        return #"{"$livery": {"variants": {"# + variants.joined(separator: ",") + #"}}, "color": {"$type": "color", "# + tokens.joined(separator: ",") + "}}"
    }

    /// `name{cache="label"} value` lines of `/metrics`.
    static func gauge(_ metrics: String, _ name: String) -> [String: Int] {
        var values: [String: Int] = [:]
        for line in metrics.split(separator: "\n") where line.hasPrefix(name + "{cache=\"") {
            let label = line.dropFirst(name.count + 8).prefix { $0 != "\"" }
            values[String(label)] = Int(line.split(separator: " ").last ?? "")
        }
        return values
    }

    static func counter(_ metrics: String, _ name: String) -> Int? {
        metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ")[1]) }
    }

    @Test func manyVersionsAndVariantsStayWithinTheBudgetAndTheHotDocumentStays() async throws {
        let budget = 1 << 20
        try await TestServer.run(configure: { $0.cacheMaxBytes = budget }) { server in
            let designer = try await server.token(.designer)
            let hot = try await server.get("/v1/channels/default/skin", timeout: TestServer.patience)
            #expect(hot.status == 200)
            let hotTag = try #require(hot.header("ETag"))

            for version in 1...20 {
                #expect(try await server.publish("big", Self.skin(seed: version), token: designer, timeout: TestServer.patience).status == 201)
                for variant in ["", "?variant=v\(version % 8)", "?variant=v\(version % 8),v\((version + 1) % 8)"] {
                    #expect(try await server.get("/v1/skins/big/versions/\(version)/resolved\(variant)", timeout: TestServer.patience).status == 200)
                }
                #expect(try await server.get("/v1/skins/big/styles/resolve?element=a&version=\(version)", timeout: TestServer.patience).status < 500)
                // The launch apps read is answered from memory, not resolved again, whatever was read since.
                let before = try #require(Self.counter(try await server.get("/metrics", timeout: TestServer.patience).text, "livery_resolve_cache_misses_total"))
                let launch = try await server.get("/v1/channels/default/skin", timeout: TestServer.patience)
                #expect(launch.status == 200 && launch.header("ETag") == hotTag)
                let after = try #require(Self.counter(try await server.get("/metrics", timeout: TestServer.patience).text, "livery_resolve_cache_misses_total"))
                #expect(after == before, "the hot document was evicted after version \(version)")
            }

            // With no publish in between (nothing clears the views), reads of new variant lists
            // fill the documents' share again and again: the hot document stays only because each
            // launch, answered on the event loop, marks it used.
            for first in 0..<8 {
                for second in (first + 1)..<8 {
                    #expect(try await server.get("/v1/skins/big/versions/20/resolved?variant=v\(first),v\(second)", timeout: TestServer.patience).status == 200)
                    let before = try #require(Self.counter(try await server.get("/metrics", timeout: TestServer.patience).text, "livery_resolve_cache_misses_total"))
                    #expect(try await server.get("/v1/channels/default/skin", timeout: TestServer.patience).header("ETag") == hotTag)
                    let after = try #require(Self.counter(try await server.get("/metrics", timeout: TestServer.patience).text, "livery_resolve_cache_misses_total"))
                    #expect(after == before, "the hot document was evicted after variants v\(first),v\(second)")
                }
            }
            #expect(server.app.routes.documents.state.withLock { $0.documents.evictions } > 0, "the documents' share did overflow")

            let metrics = try await server.get("/metrics", timeout: TestServer.patience).text
            let held = Self.gauge(metrics, "livery_cache_bytes")
            let limits = Self.gauge(metrics, "livery_cache_limit_bytes")
            #expect(Set(held.keys) == ["documents", "parsed", "lookups", "ofrep"])
            #expect(limits.values.reduce(0, +) == budget, "the shares add up to cache.maxBytes")
            for (cache, bytes) in held {
                #expect(bytes <= limits[cache] ?? 0, "\(cache) holds \(bytes) bytes, past its share \(limits[cache] ?? 0)")
            }
            #expect(held["documents"] ?? 0 > limits["documents"]! / 4, "the documents cache is in use, not emptied")
            #expect(held["parsed"] ?? 0 > 0)
            // Twenty versions of ~20 KB at six times their size do not fit the parsed share of 256 KiB.
            #expect(server.app.routes.documents.state.withLock { $0.parsed.evictions } > 0)
        }
    }
}
