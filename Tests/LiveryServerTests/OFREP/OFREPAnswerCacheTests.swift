import Foundation
import Testing
@testable import LiveryServer

/// OFREP answers are prepared once per look and served as bytes (docs/api.md, "OFREP"; issue
/// 33: every bulk evaluation re-read and re-encoded its look): a repeated evaluation builds
/// nothing, resolves nothing and sends the very same bytes; a publish makes the next one build
/// the new look's answer.
@Suite struct OFREPAnswerCacheTests {
    static func figures(_ server: TestServer) async throws -> (built: Int, misses: Int) {
        let lines = try await server.get("/metrics").text.split(separator: "\n")
        func value(_ name: String) throws -> Int {
            try #require(lines.first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ")[1]) })
        }
        return (try value("livery_ofrep_answers_built_total"), try value("livery_resolve_cache_misses_total"))
    }

    @Test func aRepeatedBulkEvaluationIsServedFromPreparedBytesUntilAPublish() async throws {
        try await TestServer.run { server in
            let context = #"{"variants": ["dark"]}"#
            let start = try await Self.figures(server)
            let first = try await OFREPEndpointTests.evaluate(server, context: context)
            #expect(first.status == 200)
            let afterFirst = try await Self.figures(server)
            #expect(afterFirst.built == start.built + 1)

            for _ in 0..<5 {
                let again = try await OFREPEndpointTests.evaluate(server, context: context)
                #expect(again.status == 200)
                #expect(again.body == first.body, "identical bytes")
                #expect(again.header("ETag") == first.header("ETag"))
            }
            let single = try await OFREPEndpointTests.evaluate(server, "color.tint", context: context)
            #expect(single.json["value"] as? String == "#7a9cffff")
            let afterRepeats = try await Self.figures(server)
            #expect(afterRepeats.built == afterFirst.built, "no answer built again")
            #expect(afterRepeats.misses == afterFirst.misses, "no resolution again")

            let designer = try await server.token(.designer)
            // The same context again: a stale answer kept past the publish would be served here.
            let next = ##"{"$livery": {"variants": {"dark": {"color": {"tint": {"$value": "#553300"}}}}}, "color": {"$type": "color", "tint": {"$value": "#aa5500"}}}"##
            #expect(try await server.publish("demo", next, token: designer).status == 201)
            let changed = try await OFREPEndpointTests.evaluate(server, context: context)
            #expect(changed.status == 200)
            #expect(changed.body != first.body)
            let flags = try #require(changed.json["flags"] as? [[String: Any]])
            #expect(flags.first?["variant"] as? String == "demo@2")
            #expect(try await OFREPEndpointTests.evaluate(server, "color.tint", context: context).json["value"] as? String == "#553300ff")
            #expect(try await Self.figures(server).built == afterRepeats.built + 1, "the new look's answer was built")
        }
    }
}
