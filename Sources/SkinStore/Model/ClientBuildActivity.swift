import SkinModel

/// One build's activity on one channel over the live window: what decides whether the release
/// gate counts it as live (docs/operations.md, "Which builds are live").
package struct ClientBuildActivity: Hashable, Sendable {
    package let client: ClientIdentity
    /// `""` for requests on the `/v1/skins/...` routes.
    package let channel: String
    /// RFC 3339 as the store writes it.
    package let firstSeen: String
    package let lastSeen: String
    /// Requests counted in the hours of the window.
    package let requests: Int

    package init(client: ClientIdentity, channel: String, firstSeen: String, lastSeen: String, requests: Int) {
        self.client = client
        self.channel = channel
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.requests = requests
    }
}
