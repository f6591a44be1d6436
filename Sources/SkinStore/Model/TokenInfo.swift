/// An API token as listed: everything but the secret, which is never stored.
package struct TokenInfo: Hashable, Sendable {
    package let name: String
    package let role: TokenRole
    package let createdAt: String
    package let revokedAt: String?
    /// Updated at most about once a minute per token.
    package let lastUsedAt: String?

    package init(name: String, role: TokenRole, createdAt: String, revokedAt: String?, lastUsedAt: String?) {
        self.name = name
        self.role = role
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
    }

    package var isRevoked: Bool { revokedAt != nil }
}
