import Testing
@testable import SkinStore

@Suite("API tokens")
struct TokenTests {
    @Test(arguments: TestBackend.available) func createAuthenticateRevoke(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let secret = try await store.createToken(name: "ci", role: .designer, actor: "cli")
            #expect(secret.hasPrefix("lvy_") && secret.utf8.count == 47)
            #expect(try await store.authenticate(secret) == AuthenticatedToken(name: "ci", role: .designer))

            // Wrong, truncated, altered and foreign secrets all fail.
            #expect(try await store.authenticate(secret + "x") == nil)
            #expect(try await store.authenticate(String(secret.dropLast())) == nil)
            let altered = String(secret.dropLast()) + (secret.last == "A" ? "B" : "A")
            #expect(try await store.authenticate(altered) == nil)
            #expect(try await store.authenticate("Bearer " + secret) == nil)
            #expect(try await store.authenticate("") == nil)

            await #expect(throws: StoreError.alreadyExists(.token(name: "ci"))) {
                try await store.createToken(name: "ci", role: .admin, actor: "cli")
            }
            try await store.revokeToken(name: "ci", actor: "cli")
            #expect(try await store.authenticate(secret) == nil)
            try await store.revokeToken(name: "ci", actor: "cli")  // already revoked: no-op
            await #expect(throws: StoreError.notFound(.token(name: "ghost"))) { try await store.revokeToken(name: "ghost", actor: "cli") }
            // Revoked names stay taken, so audit actors stay unambiguous.
            await #expect(throws: StoreError.alreadyExists(.token(name: "ci"))) {
                try await store.createToken(name: "ci", role: .admin, actor: "cli")
            }

            let audit = try await store.auditLog().filter { $0.target == "token/ci" }.map(\.action)
            #expect(audit == ["token.create", "token.revoke"])
        }
    }

    @Test(arguments: TestBackend.available) func onlyHashesAreStored(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let secret = try await store.createToken(name: "admin", role: .admin, actor: "cli")
            let rows = try await store.read { database in
                try database.query("SELECT * FROM api_tokens") { row in (0..<8).map { row.value(Int32($0)) } }
            }
            #expect(rows.count == 1)
            let randomPart = String(secret.dropFirst(4))
            for value in rows[0] {
                if case .text(let text) = value {
                    #expect(!text.contains(randomPart))
                }
            }
            let stored = try await store.read { try $0.scalarString("SELECT token_hash FROM api_tokens") }
            #expect(stored == SHA256Digest.hex(Array(secret.utf8)))
            let audit = try await store.auditLog()
            #expect(audit.allSatisfy { !$0.detail.contains(randomPart) })
        }
    }

    @Test(arguments: TestBackend.available) func listingShowsRolesAndRevocationAndLastUse(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let designer = try await store.createToken(name: "designer", role: .designer, actor: "cli")
            _ = try await store.createToken(name: "reader", role: .reader, actor: "cli")
            try await store.revokeToken(name: "reader", actor: "cli")
            _ = try await store.authenticate(designer)
            // last_used_at is written in the background.
            #expect(try await eventually { try await store.listTokens().first { $0.name == "designer" }?.lastUsedAt != nil })
            let tokens = try await store.listTokens()
            #expect(tokens.map(\.name) == ["designer", "reader"])
            #expect(tokens.map(\.role) == [.designer, .reader])
            #expect(tokens.map(\.isRevoked) == [false, true])
            #expect(TokenRole.admin > .designer && TokenRole.designer > .reader)
        }
    }

    @Test func synchronousVariantsForTheCommandLine() throws {
        let directory = try TemporaryDirectory()
        let store = try SkinStore(path: directory.file("cli.sqlite"), logger: quietLogger)
        defer { store.close() }
        let secret: String = try store.createToken(name: "ops", role: .admin, actor: "cli")
        #expect(secret.hasPrefix("lvy_"))
        let tokens: [TokenInfo] = try store.listTokens()
        #expect(tokens.map(\.name) == ["ops"])
        try store.revokeToken(name: "ops", actor: "cli") as Void
        let after: [TokenInfo] = try store.listTokens()
        #expect(after[0].isRevoked)
        let applied: [String] = try store.migrate()
        #expect(applied.isEmpty)
        let integrity: String = try store.integrityCheck()
        #expect(integrity == "ok")
    }
}
