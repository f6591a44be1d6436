/// API tokens. Every function runs inside a transaction opened by ``SkinStore``.
///
/// ## How a secret is checked (constant time)
/// The presented secret is hashed (SHA-256); the active tokens whose stored hash starts with
/// the same 16 hex digits are fetched through an index, and each candidate's full hash is
/// compared with ``ConstantTime/equal(_:_:)``. Why an indexed prefix rather than scanning every
/// active token: lookups stay O(log n) however many tokens exist, and the index's timing can
/// only tell an attacker about the *hash of their own guess*, which they already know; it says
/// nothing about a stored secret, since finding a secret from its hash prefix needs a SHA-256
/// preimage. The full comparison is then constant time, as docs/operations.md, "The database" asks.
enum TokenQueries {
    /// The row an authentication found.
    struct Match: Sendable {
        let id: Int64
        let token: AuthenticatedToken
        let lastUsedAt: String?
    }

    /// Stores a token under the hash of `secret`.
    /// - Throws: ``StoreError/alreadyExists(_:)`` when the name is taken (revoked names included).
    static func create(_ database: any SQLDatabase, name: String, role: TokenRole, secret: String, actor: String, at: String) throws {
        let exists = try database.scalarInt("SELECT count(*) FROM api_tokens WHERE name = ?", [.text(name)]) ?? 0
        guard exists == 0 else { throw StoreError.alreadyExists(.token(name: name)) }
        let hash = TokenSecret.hash(secret)
        try database.run(
            "INSERT INTO api_tokens (name, role, token_hash, hash_prefix, created_at) VALUES (?, ?, ?, ?, ?)",
            [.text(name), .text(role.rawValue), .text(hash), .text(TokenSecret.lookupPrefix(ofHash: hash)), .text(at)]
        )
        try AuditQueries.record(
            database, at: at, actor: actor, action: "token.create", target: "token/\(name)",
            detail: JSONText.object(["role": .string(role.rawValue)])
        )
    }

    /// Every token, without secrets, by name.
    static func list(_ database: any SQLDatabase) throws -> [TokenInfo] {
        try database.query("SELECT name, role, created_at, revoked_at, last_used_at FROM api_tokens ORDER BY name", []) {
            TokenInfo(
                name: $0.string(0), role: TokenRole(rawValue: $0.string(1)) ?? .reader, createdAt: $0.string(2),
                revokedAt: $0.optionalString(3), lastUsedAt: $0.optionalString(4)
            )
        }
    }

    /// Revokes the named token. Revoking a revoked token changes nothing and is not audited.
    /// - Throws: ``StoreError/notFound(_:)``.
    static func revoke(_ database: any SQLDatabase, name: String, actor: String, at: String) throws {
        let exists = try database.scalarInt("SELECT count(*) FROM api_tokens WHERE name = ?", [.text(name)]) ?? 0
        guard exists == 1 else { throw StoreError.notFound(.token(name: name)) }
        let revoked = try database.run("UPDATE api_tokens SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL", [.text(at), .text(name)])
        if revoked == 1 {
            try AuditQueries.record(database, at: at, actor: actor, action: "token.revoke", target: "token/\(name)", detail: "{}")
        }
    }

    /// The active token whose hash equals `hash`, compared in constant time (see the type's docs).
    static func find(_ database: any SQLDatabase, hash: String) throws -> Match? {
        let candidates = try database.query(
            "SELECT id, name, role, token_hash, last_used_at FROM api_tokens WHERE hash_prefix = ? AND revoked_at IS NULL",
            [.text(TokenSecret.lookupPrefix(ofHash: hash))]
        ) { row in
            (hash: row.string(3), match: Match(id: row.int64(0), token: AuthenticatedToken(name: row.string(1), role: TokenRole(rawValue: row.string(2)) ?? .reader), lastUsedAt: row.optionalString(4)))
        }
        var found: Match?
        // Compare every candidate, not stopping at the first match.
        for candidate in candidates where ConstantTime.equal(candidate.hash.utf8, hash.utf8) {
            found = candidate.match
        }
        return found
    }

    /// Records a use, unless one newer than `threshold` is already recorded (e.g. by another process).
    static func touch(_ database: any SQLDatabase, id: Int64, at: String, ifOlderThan threshold: String) throws {
        try database.run(
            "UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
            [.text(at), .integer(id), .text(threshold)]
        )
    }
}
