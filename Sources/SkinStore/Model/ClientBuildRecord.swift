import SkinModel

/// One build as the store knows it on one channel: when it was first and last seen there and
/// how many requests it made in the last day and in the live window (`GET /v1/clients`).
package struct ClientBuildRecord: Hashable, Sendable {
    package let client: ClientIdentity
    /// `""` for requests on the `/v1/skins/...` routes.
    package let channel: String
    package let firstSeen: String
    package let lastSeen: String
    package let requests24h: Int
    package let requestsLive: Int

    package init(client: ClientIdentity, channel: String, firstSeen: String, lastSeen: String, requests24h: Int, requestsLive: Int) {
        self.client = client
        self.channel = channel
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.requests24h = requests24h
        self.requestsLive = requestsLive
    }
}
