import SkinModel

/// Requests of one build on one channel in one hour, as the server hands them to the store
/// (docs/apps.md, "Old builds in the field"). The server sums requests in memory and writes
/// these at most once a minute per build, so a launch never waits on a write.
package struct ClientUsage: Hashable, Sendable {
    package let client: ClientIdentity
    /// The channel asked on; `""` for the `/v1/skins/...` routes, which name no channel.
    package let channel: String
    /// The UTC hour of the requests, `2026-11-29T13` (the first 13 characters of a store timestamp).
    package let hour: String
    package let requests: Int
    /// Earliest and latest request of this batch (store timestamps, ``Timestamp``).
    package let firstSeen: String
    package let lastSeen: String

    package init(client: ClientIdentity, channel: String, hour: String, requests: Int, firstSeen: String, lastSeen: String) {
        self.client = client
        self.channel = channel
        self.hour = hour
        self.requests = requests
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
    }
}
