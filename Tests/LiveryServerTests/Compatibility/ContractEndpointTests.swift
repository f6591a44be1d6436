import Foundation
import Testing

/// `PUT/GET /v1/contracts/{platform}/{version}` and `GET /v1/contracts` (docs/apps.md).
@Suite struct ContractEndpointTests {
    @Test(arguments: GateBackend.available)
    func aContractIsRegisteredReadListedReplacedAndAudited(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer, name: "ci")
            let admin = try await server.token(.admin)
            let created = try await Compat.push(server, "ios/3.2.1", token: designer)
            #expect(created.status == 201)
            #expect(created.header("Location") == "/v1/contracts/ios/3.2.1")
            #expect(created.json["build"] as? String == "ios/3.2.1")
            #expect(created.json["tokens"] as? [String: String] == ["color.tint": "color"])
            #expect(created.json["styles"] as? [String] == ["checkout/header/title"])

            let read = try await server.request("GET", "/v1/contracts/ios/3.2.1", headers: Release.auth(designer))
            #expect(read.status == 200 && read.json["updatedBy"] as? String == "ci")
            // Pre-release and build metadata name the same build.
            #expect(try await server.request("GET", "/v1/contracts/ios/3.2.1-beta.1", headers: Release.auth(designer)).status == 200)

            let replaced = try await Compat.push(server, "ios/3.2.1", #"{"tokens": {"color.tint": "color", "size.corner": "dimension"}}"#, token: designer)
            #expect(replaced.status == 200)
            #expect(try await Compat.push(server, "ios/3.10.0", token: designer).status == 201)
            #expect(try await Compat.push(server, "android/7.0.0", token: designer).status == 201)
            let list = try await server.request("GET", "/v1/contracts", headers: Release.auth(designer))
            let contracts = list.json["contracts"] as? [[String: Any]] ?? []
            #expect(contracts.map { $0["build"] as? String } == ["android/7.0.0", "ios/3.2.1", "ios/3.10.0"], "versions sort as numbers")
            #expect(contracts[1]["tokens"] as? Int == 2 && contracts[1]["styles"] as? Int == 0)

            let audit = try await server.request("GET", "/v1/audit", headers: Release.auth(admin)).json["entries"] as? [[String: Any]] ?? []
            let actions = audit.filter { ($0["target"] as? String)?.hasPrefix("contract/") == true }.map { $0["action"] as? String }
            #expect(actions == ["contract.create", "contract.update", "contract.create", "contract.create"])

            #expect(try await server.request("DELETE", "/v1/contracts/android/7.0.0", headers: Release.auth(designer)).status == 204)
            #expect(try await server.request("GET", "/v1/contracts/android/7.0.0", headers: Release.auth(designer)).status == 404)
        }
    }

    @Test func badContractsAndBuildsAreRefusedNamingWhatIsWrong() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let reader = try await server.token(.reader)
            let platform = try await Compat.push(server, "tv/1.0.0", token: designer)
            #expect(platform.status == 400 && (platform.json["detail"] as? String ?? "").contains("\"tv\" is not a platform"))
            #expect(try await Compat.push(server, "ios/3.2", token: designer).status == 400)
            #expect(try await Compat.push(server, "ios/3.2.1", "not json", token: designer).status == 400)
            let invalid = try await Compat.push(server, "ios/3.2.1", #"{"tokens": {"color.tint": "colour"}, "styles": ["*/x"], "images": 3}"#, token: designer)
            #expect(invalid.status == 422)
            #expect(Set(Compat.errors(invalid).compactMap { $0["path"] as? String }) == ["tokens.color.tint", "styles[0]", "images"])
            #expect(try await Compat.push(server, "ios/3.2.1", token: reader).status == 403)
            #expect(try await server.request("GET", "/v1/contracts", headers: Release.auth(designer)).json["contracts"] as? [Any] != nil)
            #expect(try await server.request("GET", "/v1/contracts/ios/9.9.9", headers: Release.auth(designer)).status == 404)
        }
    }
}
