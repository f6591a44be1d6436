import Foundation
import Testing

/// A contract is the fixed shape of a released binary (docs/apps.md, "Old builds in the field"):
/// once its build is live, a `PUT` that removes or retypes an entry, or a `DELETE`, is `409`
/// (`contract-narrowed`) unless an admin forces it (audited); adding entries stays allowed.
@Suite struct ContractNarrowingTests {
    static let full = #"""
        {"tokens": {"color.tint": "color", "size.corner": "dimension"}, "styles": ["checkout/header/title", "cart/total"], "images": ["logo"]}
        """#
    static let narrower = #"""
        {"tokens": {"color.tint": "dimension", "color.accent": "color"}, "styles": ["checkout/header/title"], "images": []}
        """#

    static func auditOf(_ server: TestServer, _ build: String, admin: String) async throws -> [[String: Any]] {
        let entries = try await server.request("GET", "/v1/audit", headers: Release.auth(admin)).json["entries"] as? [[String: Any]] ?? []
        return entries.filter { $0["target"] as? String == "contract/\(build)" }
    }

    @Test(arguments: GateBackend.available)
    func aLiveBuildsContractIsNotNarrowedUnlessAnAdminForcesIt(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            let admin = try await server.token(.admin)
            #expect(try await Compat.push(server, "ios/3.2.1", Self.full, token: designer).status == 201)
            // Not live yet: a pipeline may still correct what it registered.
            #expect(try await Compat.push(server, "ios/3.2.1", Self.narrower, token: designer).status == 200)
            #expect(try await Compat.push(server, "ios/3.2.1", Self.full, token: designer).status == 200)

            try await Compat.launch(server, "ios/3.2.1-beta.2")
            let refused = try await Compat.push(server, "ios/3.2.1", Self.narrower, token: designer)
            #expect(refused.status == 409)
            #expect(refused.json["type"] as? String == "https://livery.dev/problems/contract-narrowed")
            let errors = Compat.errors(refused)
            #expect(errors.compactMap { $0["path"] as? String } == ["tokens.color.tint", "tokens.size.corner", "styles.cart/total", "images.logo"])
            #expect(errors.compactMap { $0["reason"] as? String } == ["retyped", "removed", "removed", "removed"])
            #expect(errors.allSatisfy { $0["code"] as? String == "contract-narrowed" && $0["build"] as? String == "ios/3.2.1" })
            #expect((errors.first?["message"] as? String ?? "").contains("color.tint as color"))
            let detail = refused.json["detail"] as? String ?? ""
            #expect(detail.contains("ios/3.2.1") && detail.contains("tokens.size.corner") && detail.contains("force=true"), "\(detail)")
            let kept = try await server.request("GET", "/v1/contracts/ios/3.2.1", headers: Release.auth(designer))
            #expect(kept.json["tokens"] as? [String: String] == ["color.tint": "color", "size.corner": "dimension"], "nothing changed")

            // Adding entries is allowed.
            let wider = #"{"tokens": {"color.tint": "color", "size.corner": "dimension", "color.accent": "color"}, "styles": ["checkout/header/title", "cart/total"], "images": ["logo", "badge"]}"#
            #expect(try await Compat.push(server, "ios/3.2.1", wider, token: designer).status == 200)

            // Only an admin forces; a designer asking is 403 whatever the change, a bad value 400.
            let designerForce = try await server.request(
                "PUT", "/v1/contracts/ios/3.2.1?force=true", headers: Release.auth(designer), body: Array(Self.narrower.utf8))
            #expect(designerForce.status == 403)
            #expect(try await server.request("PUT", "/v1/contracts/ios/3.2.1?force=yes", headers: Release.auth(admin), body: Array(wider.utf8)).status == 400)
            #expect(try await server.request("DELETE", "/v1/contracts/ios/3.2.1?force=true", headers: Release.auth(designer)).status == 403)

            let forced = try await server.request("PUT", "/v1/contracts/ios/3.2.1?force=true", headers: Release.auth(admin), body: Array(Self.narrower.utf8))
            #expect(forced.status == 200)
            #expect(forced.json["tokens"] as? [String: String] == ["color.tint": "dimension", "color.accent": "color"])
            let update = try #require(try await Self.auditOf(server, "ios/3.2.1", admin: admin).last)
            #expect(update["action"] as? String == "contract.update")
            let updateDetail = try #require(update["detail"] as? [String: Any])
            #expect(updateDetail["forced"] as? Bool == true)
            #expect(updateDetail["narrowed"] as? [String] == ["tokens.color.tint", "tokens.size.corner", "styles.cart/total", "images.badge", "images.logo"])

            // A DELETE removes every entry: refused the same way, forced by an admin.
            let delete = try await server.request("DELETE", "/v1/contracts/ios/3.2.1", headers: Release.auth(designer))
            #expect(delete.status == 409)
            #expect(Compat.errors(delete).compactMap { $0["path"] as? String } == ["tokens.color.accent", "tokens.color.tint", "styles.checkout/header/title"])
            #expect(try await server.request("GET", "/v1/contracts/ios/3.2.1", headers: Release.auth(designer)).status == 200)
            #expect(try await server.request("DELETE", "/v1/contracts/ios/3.2.1?force=true", headers: Release.auth(admin)).status == 204)
            let deleted = try #require(try await Self.auditOf(server, "ios/3.2.1", admin: admin).last)
            #expect(deleted["action"] as? String == "contract.delete")
            #expect((deleted["detail"] as? [String: Any])?["forced"] as? Bool == true)
            #expect(try await server.request("GET", "/v1/contracts/ios/3.2.1", headers: Release.auth(designer)).status == 404)
        }
    }

    @Test(arguments: GateBackend.available)
    func aBuildThatIsNotLiveKeepsItsContractEditable(backend: GateBackend) async throws {
        try await backend.run { server in
            let designer = try await server.token(.designer)
            let admin = try await server.token(.admin)
            try await Compat.launch(server, "ios/3.2.1")  // another build is live: it does not hold this one
            #expect(try await Compat.push(server, "android/7.0.0", Self.full, token: designer).status == 201)
            #expect(try await Compat.push(server, "android/7.0.0", Self.narrower, token: designer).status == 200)
            #expect(try await server.request("DELETE", "/v1/contracts/android/7.0.0", headers: Release.auth(designer)).status == 204)
            let audit = try await Self.auditOf(server, "android/7.0.0", admin: admin)
            #expect(audit.compactMap { $0["action"] as? String } == ["contract.create", "contract.update", "contract.delete"])
            #expect(audit.allSatisfy { ($0["detail"] as? [String: Any])?["forced"] == nil }, "nothing forced, nothing noted")
        }
    }
}
