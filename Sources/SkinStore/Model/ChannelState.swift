/// What a channel shows: its active target and, optionally, a rollout beside it.
///
/// Every history entry records the whole state after its change, so a rollback to entry `n`
/// restores exactly what entry `n` made.
package struct ChannelState: Hashable, Sendable {
    package let skin: String
    /// The pinned version, or nil to follow the skin's latest.
    package let version: Int?
    package let rollout: ChannelRollout?

    package init(skin: String, version: Int?, rollout: ChannelRollout? = nil) {
        self.skin = skin
        self.version = version
        self.rollout = rollout
    }

    /// The `(skin, version)` a client in `bucket` gets; nil bucket → the active target.
    package func target(forBucket bucket: Int?) -> (skin: String, version: Int?) {
        if let bucket, let rollout, rollout.includes(bucket: bucket) {
            return (rollout.skin, rollout.version)
        }
        return (skin, version)
    }
}
