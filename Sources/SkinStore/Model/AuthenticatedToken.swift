/// Who a bearer token belongs to: the name used as the actor in audit rows, and its role.
package struct AuthenticatedToken: Hashable, Sendable {
    package let name: String
    package let role: TokenRole

    package init(name: String, role: TokenRole) {
        self.name = name
        self.role = role
    }
}
