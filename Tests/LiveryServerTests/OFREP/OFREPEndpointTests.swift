import Foundation
import SkinModel
import Testing
@testable import LiveryServer

/// OFREP for a channel (docs/api.md, "OFREP"), end to end: the answers against the resolved
/// document value for value, ETag/304, the context's mapping, and OFREP's error bodies.
@Suite struct OFREPEndpointTests {
    static func evaluate(_ server: TestServer, _ key: String? = nil, context: String, headers: [(String, String)] = []) async throws -> TestResponse {
        try await server.request(
            "POST", "/ofrep/v1/evaluate/flags" + (key.map { "/\($0)" } ?? ""),
            headers: [("Content-Type", "application/json")] + headers, body: Array(#"{"context": \#(context)}"#.utf8))
    }

    /// A JSON value in one comparable spelling (keys sorted).
    static func canonical(_ value: Any?) -> String? {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The flag value OFREP must carry for a token of the resolved document.
    static func expectedValue(_ token: Any?) -> String? {
        guard let value = (token as? [String: Any])?["value"] else { return nil }
        if let array = value as? [Any] { return canonical(["value": array]) }
        return canonical(value)
    }

    @Test func bulkAnswersAreTheResolvedDocumentValueForValue() async throws {
        try await TestServer.run { server in
            for (context, query) in [("{}", ""), (#"{"variants": ["dark"]}"#, "?variant=dark"), (#"{"variants": "dark,highContrast"}"#, "?variant=dark,highContrast")] {
                let document = try await server.get("/v1/channels/default/skin\(query)")
                let tokens = try #require(document.json["tokens"] as? [String: Any])
                let bulk = try await Self.evaluate(server, context: context)
                #expect(bulk.status == 200)
                let flags = try #require(bulk.json["flags"] as? [[String: Any]])
                #expect(flags.count == tokens.count, "one flag per token")
                for flag in flags {
                    let key = try #require(flag["key"] as? String)
                    #expect(Self.canonical(flag["value"]) == Self.expectedValue(tokens[key]), "\(key) under \(context)")
                    #expect(flag["reason"] as? String == "STATIC")
                    #expect((flag["metadata"] as? [String: Any])?["type"] as? String == (tokens[key] as? [String: Any])?["type"] as? String)
                }
                #expect(flags.contains { ($0["value"] as? [String: Any])?["value"] is [Any] }, "an array value arrives as {\"value\": [...]}")
            }
            let dark = try await Self.evaluate(server, "color.tint", context: #"{"variants": ["dark"]}"#)
            #expect(dark.status == 200)
            #expect(dark.json["key"] as? String == "color.tint")
            #expect(dark.json["value"] as? String == "#7a9cffff")
            #expect(dark.json["variant"] as? String == "demo@1")
        }
    }

    @Test func bulkAnswersCarryAnETagAndHonourIfNoneMatchUntilTheLookChanges() async throws {
        try await TestServer.run { server in
            let first = try await Self.evaluate(server, context: "{}")
            let tag = try #require(first.header("ETag"))
            let again = try await Self.evaluate(server, context: "{}", headers: [("If-None-Match", "\"other\", \(tag)")])
            #expect(again.status == 304)
            #expect(again.header("ETag") == tag)
            #expect(again.body.isEmpty)
            #expect(try await Self.evaluate(server, context: #"{"variants": ["dark"]}"#, headers: [("If-None-Match", tag)]).status == 200, "another look, another tag")

            let designer = try await server.token(.designer)
            #expect(try await server.publish("demo", Release.skin(tint: "#aa5500"), token: designer).status == 201)
            // The channel follows demo's latest: the tag moves with the look.
            let changed = try await Self.evaluate(server, context: "{}", headers: [("If-None-Match", tag)])
            #expect(changed.status == 200)
            #expect(changed.header("ETag") != tag)
            let flags = try #require(changed.json["flags"] as? [[String: Any]])
            #expect(flags.map { $0["key"] as? String } == ["color.tint"])
        }
    }

    @Test func theTargetingKeyIsTheBucketAndChannelSelectsTheChannel() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("autumn", Release.skin(tint: "#aa5500"), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "demo", "version": null, "rollout": {"skin": "autumn", "version": 1, "percent": 50}}"#, token: designer).status == 200)
            for key in ["install-1", "install-2", "install-3", "user-42", "ä-unicode"] {
                let bucket = RolloutBucket.of(key)
                let expected = try await server.get("/v1/channels/default/skin?bucket=\(bucket)").json["skin"] as? String
                let flag = try await Self.evaluate(server, "color.tint", context: #"{"targetingKey": "\#(key)"}"#)
                #expect((flag.json["metadata"] as? [String: Any])?["skin"] as? String == expected, "\(key) → bucket \(bucket)")
            }
            #expect(try await Self.evaluate(server, "color.tint", context: "{}").json["variant"] as? String == "demo@1", "no targetingKey: no bucket")

            #expect(try await Release.put(server, #"{"skin": "autumn", "version": 1}"#, channel: "beta", token: designer).status == 200)
            let beta = try await Self.evaluate(server, "color.tint", context: #"{"channel": "beta"}"#)
            #expect(beta.json["value"] as? String == "#aa5500ff")
        }
    }

    @Test func errorsUseOFREPBodies() async throws {
        try await TestServer.run { server in
            let missing = try await Self.evaluate(server, "no.such.token", context: "{}")
            #expect(missing.status == 404)
            #expect(missing.json["errorCode"] as? String == "FLAG_NOT_FOUND")
            #expect(missing.json["key"] as? String == "no.such.token")
            #expect(missing.json["errorDetails"] is String)

            let badVersion = try await Self.evaluate(server, "color.tint", context: #"{"platform": "android", "appVersion": "3.2"}"#)
            #expect(badVersion.status == 400)
            #expect(badVersion.json["errorCode"] as? String == "INVALID_CONTEXT")
            #expect(badVersion.json["key"] as? String == "color.tint")
            #expect((badVersion.json["errorDetails"] as? String)?.contains("appVersion") == true)
            let bulkBad = try await Self.evaluate(server, context: #"{"platform": "android", "appVersion": "v3"}"#)
            #expect(bulkBad.status == 400)
            #expect(bulkBad.json["errorCode"] as? String == "INVALID_CONTEXT")
            #expect(bulkBad.json["key"] == nil, "bulk failures have no key")
            #expect(try await Self.evaluate(server, context: #"{"platform": "android", "appVersion": "3.2.1-beta.1+77"}"#).status == 200)

            for context in [#"{"variants": ["sepia"]}"#, #"{"channel": "nowhere"}"#, #"{"variants": 3}"#, #"{"platform": "symbian", "appVersion": "1.0.0"}"#] {
                let answer = try await Self.evaluate(server, context: context)
                #expect(answer.status == 400, "\(context)")
                #expect(answer.json["errorCode"] as? String == "INVALID_CONTEXT", "\(context)")
            }
            let notJSON = try await server.request("POST", "/ofrep/v1/evaluate/flags", body: Array("{nope".utf8))
            #expect(notJSON.status == 400)
            #expect(notJSON.json["errorCode"] as? String == "PARSE_ERROR")
            #expect(try await server.request("POST", "/ofrep/v1/evaluate/flags").status == 200, "no body: an empty context")
        }
    }

    @Test func aNumberTokenIsADoubleWhateverItsValueAndNothingElseChangesShape() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("numbers", #"""
                {"ratio": {"$type": "number", "whole": {"$value": 2}, "half": {"$value": 0.5}, "negative": {"$value": -3},
                           "huge": {"$value": 1e21}, "zero": {"$value": 0}},
                 "size": {"corner": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}},
                 "weight": {"$type": "fontWeight", "$value": 700}}
                """#, token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "numbers", "version": 1}"#, channel: "numbers", token: designer).status == 200)
            let context = #"{"channel": "numbers"}"#
            // OpenFeature's typed reads see `2.0` as a double and `2` as an integer (TYPE_MISMATCH
            // for getDoubleValue); a number token is always written as a double.
            let expected = [
                "ratio.whole": "2.0", "ratio.half": "0.5", "ratio.negative": "-3.0", "ratio.huge": "1e+21", "ratio.zero": "0.0",
                // Other types keep the resolved document's shape: a dimension's value, a font weight.
                "size.corner": #"{"unit":"px","value":8}"#, "weight": "700",
            ]
            for (key, value) in expected {
                let type = key.hasPrefix("ratio") ? "number" : key == "weight" ? "fontWeight" : "dimension"
                let answer = try await Self.evaluate(server, key, context: context)
                #expect(answer.status == 200)
                #expect(answer.text == #"{"key":"\#(key)","metadata":{"skin":"numbers","type":"\#(type)","version":1},"reason":"STATIC","value":\#(value),"variant":"numbers@1"}"#)
            }
            let bulk = try await Self.evaluate(server, context: context)
            #expect(bulk.status == 200)
            #expect(bulk.text.hasPrefix(#"{"flags":[{"key":"ratio.half","#))
            #expect(bulk.text.contains(#""value":2.0,"variant":"numbers@1"}"#))
            #expect(bulk.text.contains(#""value":{"unit":"px","value":8},"#))
            #expect(bulk.text.hasSuffix(#""value":700,"variant":"numbers@1"}]}"#))
            #expect((bulk.json["flags"] as? [[String: Any]])?.count == expected.count, "the bulk answer is JSON, one flag per token")
        }
    }

    @Test func readsThatNeedATokenNeedOneHereTooAndCORSPreflightsAllowPOST() async throws {
        try await TestServer.run(configure: { $0.publicReads = false; $0.corsAllowOrigins = ["https://app.example"] }) { server in
            #expect(try await Self.evaluate(server, context: "{}").status == 401)
            let reader = try await server.token(.reader)
            let read = try await Self.evaluate(server, context: "{}", headers: [("Authorization", "Bearer \(reader)"), ("Origin", "https://app.example")])
            #expect(read.status == 200)
            #expect(read.header("Access-Control-Allow-Origin") == "https://app.example")
            let preflight = try await server.request(
                "OPTIONS", "/ofrep/v1/evaluate/flags",
                headers: [("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST"), ("Access-Control-Request-Headers", "content-type")])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Methods") == "POST")
            #expect(preflight.header("Access-Control-Allow-Headers")?.contains("Content-Type") == true)
        }
    }
}
