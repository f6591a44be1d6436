/// A running rollout (docs/api.md, "Rollouts, schedules and rollback"): clients in buckets `0 ..< percent` get this target instead of
/// the channel's active one.
///
/// Buckets are what clients send (`bucket=0…99`), derived from a random install id, so raising
/// the percentage only ever moves devices from the active target to the rollout, never back.
package struct ChannelRollout: Hashable, Sendable {
    package let skin: String
    /// The pinned version, or nil to follow the skin's latest.
    package let version: Int?
    /// 0…100: the buckets below it get the rollout target.
    package let percent: Int

    /// Rollout buckets are `0..<100`; a client bucket outside them is refused by the server.
    package static let bucketCount = 100

    package init(skin: String, version: Int?, percent: Int) {
        self.skin = skin
        self.version = version
        self.percent = percent
    }

    /// Whether a client in `bucket` gets the rollout target.
    package func includes(bucket: Int) -> Bool { bucket < percent }
}
