/// One row of the audit log (`GET /v1/audit`).
package struct AuditEntry: Hashable, Sendable {
    package let seq: Int
    package let at: String
    /// The token name (or `cli`, or whatever the caller passed as actor).
    package let actor: String
    /// `skin.publish`, `skin.delete`, `channel.activate`, `asset.put`, `token.create`, `token.revoke`.
    package let action: String
    /// What was acted on: `skin/app`, `channel/default`, `asset/<sha256>`, `token/ci`.
    package let target: String
    /// A JSON object with the action's details (e.g. `{"version":3}`), as text.
    package let detail: String

    package init(seq: Int, at: String, actor: String, action: String, target: String, detail: String) {
        self.seq = seq
        self.at = at
        self.actor = actor
        self.action = action
        self.target = target
        self.detail = detail
    }
}
