import Foundation
import Testing
@testable import LiveryServer

/// A build that reads through OFREP (its context's `platform` and `appVersion`) is a build in the
/// field like one sending `client=` (docs/apps.md, "Old builds in the field"): counted on its
/// channel, listed by `/v1/clients`, and held on a look it can read by the compatibility gate.
@Suite struct OFREPFleetTests {
    static let context = #"{"channel": "default", "platform": "android", "appVersion": "3.2.1-rc.1", "targetingKey": "install-1"}"#

    @Test func anOFREPOnlyBuildIsCountedOnItsChannelAndListed() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            server.app.routes.fleet.recorder.stopLoop()
            #expect(try await OFREPEndpointTests.evaluate(server, context: Self.context).status == 200)
            #expect(try await OFREPEndpointTests.evaluate(server, "color.tint", context: Self.context).status == 200)
            let etag = try #require(try await OFREPEndpointTests.evaluate(server, context: Self.context).header("ETag"))
            #expect(try await OFREPEndpointTests.evaluate(server, context: Self.context, headers: [("If-None-Match", etag)]).status == 304)
            // A context without a build, or one the server refuses, counts nothing.
            #expect(try await OFREPEndpointTests.evaluate(server, context: "{}").status == 200)
            #expect(try await OFREPEndpointTests.evaluate(server, context: #"{"channel": "nowhere", "platform": "ios", "appVersion": "1.0.0"}"#).status == 400)

            let clients = try #require(try await server.request("GET", "/v1/clients", headers: Release.auth(designer)).json["clients"] as? [[String: Any]])
            #expect(clients.map { "\($0["platform"]!)/\($0["version"]!)" } == ["android/3.2.1"])
            #expect(clients.first?["requests24h"] as? Int == 4, "bulk, one flag, and both polls (200 and 304)")
            let channels = try #require(clients.first?["channels"] as? [String: [String: Any]])
            #expect(Array(channels.keys) == ["default"])
        }
    }

    @Test(arguments: GateBackend.available)
    func anOFREPOnlyBuildWithAContractHoldsABreakingActivation(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Compat.skin(), token: designer).status == 201)
            #expect(try await server.publish("app", Compat.skin(tint: "accent", rule: false), token: designer).status == 201)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)
            #expect(try await Compat.push(server, "android/3.2.1", token: designer).status == 201)
            // Not live yet: nothing holds the channel.
            #expect(try await Release.put(server, #"{"skin": "app", "version": 2}"#, token: designer).status == 200)
            #expect(try await Release.put(server, #"{"skin": "app", "version": 1}"#, token: designer).status == 200)

            // The build reads its look through OFREP only, and so becomes live on the channel.
            #expect(try await OFREPEndpointTests.evaluate(server, context: Self.context).status == 200)
            let refused = try await Release.put(server, #"{"skin": "app", "version": 2}"#, token: designer)
            #expect(refused.status == 409)
            #expect(!Compat.errors(refused).isEmpty)
            #expect(Compat.errors(refused).allSatisfy { $0["code"] as? String == "incompatible" && $0["build"] as? String == "android/3.2.1" })
            #expect(try await OFREPEndpointTests.evaluate(server, "color.tint", context: Self.context).json["variant"] as? String == "app@1")
        }
    }
}
