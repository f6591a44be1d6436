import Foundation
import SkinStore
import Testing

/// The release gate's inputs are bounded (docs/operations.md, "Limits"): contracts are parsed
/// once per change, not on every check; a contract, the number of contracts and a channel's
/// `builds` entries have limits, refused with `422` (`limit-exceeded`) naming them.
@Suite struct GateInputBoundsTests {
    /// A counter of `/metrics`, nil when the server does not report it.
    static func metric(_ server: TestServer, _ name: String) async throws -> Int? {
        let text = try await server.get("/metrics").text
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ")[1]) }
    }

    static func validate(_ server: TestServer, token: String) async throws -> TestResponse {
        try await server.request(
            "POST", "/v1/skins/demo/validate", headers: Release.auth(token), body: Array(Release.skin(tint: "#3366ff").utf8))
    }

    @Test(arguments: GateBackend.available)
    func contractsAreParsedOncePerChangeNotOnEveryCheck(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            // Twenty contracts of builds not in the field, and one of a live build.
            for minor in 0..<20 {
                #expect(try await Compat.push(server, "ios/9.\(minor).0", #"{"tokens": {"color.other\#(minor)": "color"}}"#, token: designer).status == 201)
            }
            #expect(try await Compat.push(server, "android/1.0.0", #"{"tokens": {"color.missing": "color"}}"#, token: designer).status == 201)
            try await Compat.launch(server, "android/1.0.0")
            let before = try #require(try await Self.metric(server, "livery_contracts_parsed_total"), "the server reports its parses")

            for _ in 0..<3 {
                let answer = try await Self.validate(server, token: designer)
                #expect(Compat.warnings(answer).compactMap { $0["path"] as? String }.contains("color.missing"))
            }
            // Only the live build's contract is read, and once.
            #expect(try await Self.metric(server, "livery_contracts_parsed_total") == before + 1)

            // A change is read again, once.
            #expect(try await Compat.push(server, "android/1.0.0", #"{"tokens": {"color.missing": "color", "color.gone": "color"}}"#, token: designer).status == 200)
            for _ in 0..<2 {
                let paths = Compat.warnings(try await Self.validate(server, token: designer)).compactMap { $0["path"] as? String }
                #expect(Set(paths).isSuperset(of: ["color.missing", "color.gone"]))
            }
            #expect(try await Self.metric(server, "livery_contracts_parsed_total") == before + 2)
        }
    }

    @Test func aContractPastItsEntryLimitIsRefusedNamingIt() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            func contract(_ tokens: Int, styles: Int = 0) -> String {
                let names = (0..<tokens).map { #""t.n\#($0)": "color""# }.joined(separator: ",")
                let ids = (0..<styles).map { #""s/n\#($0)""# }.joined(separator: ",")
                return #"{"tokens": {\#(names)}, "styles": [\#(ids)]}"#
            }
            let over = try await Compat.push(server, "ios/1.0.0", contract(19_999, styles: 2), token: designer)
            #expect(over.status == 422)
            #expect(over.json["type"] as? String == "https://livery.dev/problems/limit-exceeded")
            #expect((over.json["detail"] as? String ?? "").contains("20001 entries") && (over.json["detail"] as? String ?? "").contains("at most 20000"))
            #expect(try await server.request("GET", "/v1/contracts/ios/1.0.0", headers: Release.auth(designer)).status == 404, "nothing stored")
            #expect(try await Compat.push(server, "ios/1.0.0", contract(19_999, styles: 1), token: designer).status == 201)
        }
    }

    @Test func aNewContractPastTheCountLimitIsRefusedNamingIt() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            // The default limit, 1,000, filled through the store (an HTTP request each would be slow).
            for index in 0..<1_000 {
                _ = try await server.store.putContract(
                    platform: "ios", version: (1, index / 100, index % 100), contract: Compat.contract, actor: "test")
            }
            let refused = try await Compat.push(server, "android/1.0.0", token: designer)
            #expect(refused.status == 422)
            #expect(refused.json["type"] as? String == "https://livery.dev/problems/limit-exceeded")
            #expect((refused.json["detail"] as? String ?? "").contains("At most 1000 build contracts"))
            #expect(try await server.request("GET", "/v1/contracts/android/1.0.0", headers: Release.auth(designer)).status == 404)
            // Replacing one is not a new one; deleting one makes room.
            #expect(try await Compat.push(server, "ios/1.0.5", token: designer).status == 200)
            #expect(try await server.request("DELETE", "/v1/contracts/ios/1.0.5", headers: Release.auth(designer)).status == 204)
            #expect(try await Compat.push(server, "android/1.0.0", token: designer).status == 201)
        }
    }

    @Test func buildsEntriesPastTheirLimitsAreRefusedNamingThem() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            func entries(_ count: Int, comparisons: Int = 1) -> String {
                let range = (0..<comparisons).map { ">=1.\($0).0" }.joined(separator: " ")
                let list = (0..<count).map { _ in #"{"platform": "ios", "versions": "\#(range)", "skin": "demo", "version": 1}"# }
                return #"{"skin": "demo", "version": 1, "builds": [\#(list.joined(separator: ","))]}"#
            }
            let tooMany = try await Release.put(server, entries(65), token: designer)
            #expect(tooMany.status == 422)
            #expect(tooMany.json["type"] as? String == "https://livery.dev/problems/limit-exceeded")
            #expect((tooMany.json["detail"] as? String ?? "").contains("at most 64"))
            let longRange = try await Release.put(server, entries(1, comparisons: 9), token: designer)
            #expect(longRange.status == 422)
            #expect((longRange.json["detail"] as? String ?? "").contains("builds[0].versions joins 9 comparisons"))
            #expect(try await Release.put(server, entries(64, comparisons: 8), token: designer).status == 200)
        }
    }
}
