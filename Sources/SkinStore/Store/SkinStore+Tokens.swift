import Dispatch

/// API tokens. Secrets are returned once, at creation, and only their SHA-256 is stored.
extension SkinStore {
    /// How often a token's `last_used_at` is written at most: it is bookkeeping, and an fsync'd
    /// write per request would be a waste.
    static let tokenTouchInterval: Double = 60

    /// Creates a token and returns its secret (`lvy_…`), which is not stored and cannot be
    /// shown again.
    /// - Throws: ``StoreError/alreadyExists(_:)`` when the name was ever used.
    package func createToken(name: String, role: TokenRole, actor: String) async throws -> String {
        let secret = TokenSecret.generate()
        try await write { database, now in
            try TokenQueries.create(database, name: name, role: role, secret: secret, actor: actor, at: now)
        }
        return secret
    }

    /// ``createToken(name:role:actor:)`` for the CLI.
    package func createToken(name: String, role: TokenRole, actor: String) throws -> String {
        let secret = TokenSecret.generate()
        try writeSync { database, now in
            try TokenQueries.create(database, name: name, role: role, secret: secret, actor: actor, at: now)
        }
        return secret
    }

    /// Every token (active and revoked), by name, without secrets.
    package func listTokens() async throws -> [TokenInfo] {
        try await read { try TokenQueries.list($0) }
    }

    /// ``listTokens()`` for the CLI.
    package func listTokens() throws -> [TokenInfo] {
        try readSync { try TokenQueries.list($0) }
    }

    /// Revokes the named token; it fails authentication from then on, in every process.
    /// - Throws: ``StoreError/notFound(_:)``.
    package func revokeToken(name: String, actor: String) async throws {
        try await write { database, now in
            try TokenQueries.revoke(database, name: name, actor: actor, at: now)
        }
    }

    /// ``revokeToken(name:actor:)`` for the CLI.
    package func revokeToken(name: String, actor: String) throws {
        try writeSync { database, now in
            try TokenQueries.revoke(database, name: name, actor: actor, at: now)
        }
    }

    /// The active token `secret` belongs to, or nil (unknown, malformed or revoked).
    ///
    /// The stored hash is compared in constant time; see ``TokenQueries`` for why the lookup
    /// goes through an index on a hash prefix. On success `last_used_at` is updated in the
    /// background, at most once per ``tokenTouchInterval`` per token and process (and not at
    /// all if another process did it within that interval).
    package func authenticate(_ secret: String) async throws -> AuthenticatedToken? {
        guard TokenSecret.isPlausible(secret) else { return nil }
        let hash = TokenSecret.hash(secret)
        guard let match = try await read({ try TokenQueries.find($0, hash: hash) }) else { return nil }
        touchToken(match)
        return match.token
    }

    private func touchToken(_ match: TokenQueries.Match) {
        let threshold = Timestamp.secondsAgo(Self.tokenTouchInterval)
        if let lastUsedAt = match.lastUsedAt, lastUsedAt >= threshold {
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        let due = tokenTouches.withLock { touches in
            if let last = touches[match.id], now - last < UInt64(Self.tokenTouchInterval * 1e9) {
                return false
            }
            touches[match.id] = now
            return true
        }
        guard due else { return }
        let logger = logger
        writer.enqueue { database in
            do {
                try database.writeTransaction {
                    try TokenQueries.touch(database, id: match.id, at: Timestamp.now(), ifOlderThan: threshold)
                }
            } catch {
                logger.debug("token last_used_at update failed", metadata: ["error": "\(error)"])
            }
        }
    }
}
