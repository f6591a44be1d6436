import Foundation
import Testing

/// Answers that list the release gate's findings list at most a hundred and count the rest
/// (docs/operations.md, "Limits"): a large contract the look misses makes a bounded answer.
@Suite struct FindingListBoundsTests {
    /// A contract of `count` color tokens the demo look does not have.
    static func contract(_ count: Int, from first: Int = 0) -> String {
        #"{"tokens": {\#((first..<count).map { #""missing.t\#($0)": "color""# }.joined(separator: ","))}}"#
    }

    static func incompatible(_ warnings: [[String: Any]]) -> [[String: Any]] {
        warnings.filter { $0["code"] as? String == "incompatible" }
    }

    @Test(arguments: GateBackend.available)
    func findingsAreListedUpToAHundredAndTheRestCounted(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            try await Compat.launch(server, "android/1.0.0")

            // A live build's new contract, checked against what it is served.
            let registered = try await Compat.push(server, "android/1.0.0", Self.contract(150), token: designer)
            #expect(registered.status == 201)
            #expect(Compat.warnings(registered).count == 100)
            #expect(registered.json["more"] as? Int == 50)

            // validate lists 100 incompatible warnings and counts the other 50.
            let validated = try await server.request(
                "POST", "/v1/skins/demo/validate", headers: Release.auth(designer), body: Array(Release.skin(tint: "#3366ff").utf8))
            #expect(Self.incompatible(Compat.warnings(validated)).count == 100)
            #expect(validated.json["more"] as? Int == 50)

            // The gate's 409.
            #expect(try await server.publish("other", Release.skin(tint: "#123456"), token: designer).status == 201)
            let refused = try await Release.put(server, #"{"skin": "other", "version": 1}"#, token: designer)
            #expect(refused.status == 409)
            #expect(Compat.errors(refused).count == 100)
            #expect(refused.json["more"] as? Int == 50)
            #expect((refused.json["detail"] as? String ?? "").contains("The first 100 of 150 findings are listed; 50 more are not"))

            // A publish the default channel follows: the build is held, with its reasons bounded,
            // and the answer's warnings too.
            let published = try await server.publish("demo", Release.skin(tint: "#654321"), token: designer)
            #expect(published.status == 201)
            #expect(Self.incompatible(Compat.warnings(published)).count == 100)
            #expect(published.json["more"] as? Int == 50)
            let held = try #require((published.json["held"] as? [[String: Any]])?.first)
            let reasons = held["reasons"] as? [String] ?? []
            #expect(reasons.count == 101)
            #expect(reasons.last == "… and 50 more findings not listed.")
            let channel = try await server.request("GET", "/v1/channels/default", headers: Release.auth(designer))
            #expect(((channel.json["holds"] as? [[String: Any]])?.first?["reasons"] as? [String])?.count == 101)

            // A narrowing of the live build's contract.
            let narrowed = try await Compat.push(server, "android/1.0.0", Self.contract(1), token: designer)
            #expect(narrowed.status == 409)
            #expect(Compat.errors(narrowed).count == 100)
            #expect(narrowed.json["more"] as? Int == 49)
            let detail = narrowed.json["detail"] as? String ?? ""
            #expect(detail.contains("removes or retypes 149 entries") && detail.contains("and 139 more"))
            #expect(detail.count < 1_000, "the detail names ten entries, not 149: \(detail.count) characters")
        }
    }
}
