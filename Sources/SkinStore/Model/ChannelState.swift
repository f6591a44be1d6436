import SkinModel

/// What a channel shows: its active target, optionally a rollout beside it, and the targets of
/// particular app builds (`builds`, docs/apps.md "Old builds in the field").
///
/// Every history entry records the whole state after its change, so a rollback to entry `n`
/// restores exactly what entry `n` made.
package struct ChannelState: Hashable, Sendable {
    package let skin: String
    /// The pinned version, or nil to follow the skin's latest.
    package let version: Int?
    package let rollout: ChannelRollout?
    /// Per-build targets, tried in order before the rollout and the active target.
    package let builds: [BuildTarget]

    package init(skin: String, version: Int?, rollout: ChannelRollout? = nil, builds: [BuildTarget] = []) {
        self.skin = skin
        self.version = version
        self.rollout = rollout
        self.builds = builds
    }

    /// The `(skin, version)` a client gets.
    ///
    /// A client matched by a `builds` entry gets that entry's target, whatever its bucket:
    /// rollouts apply only to unmatched clients. Otherwise a bucket inside the rollout gets the
    /// rollout; a request without a bucket gets the active target, except at 100 %, where the
    /// rollout is everyone's (docs/apps.md, "Rollouts").
    package func target(forBucket bucket: Int?, client: ClientIdentity? = nil) -> (skin: String, version: Int?) {
        if let matched = builds.firstMatch(for: client) {
            return (matched.target.skin, matched.target.version)
        }
        if let rollout {
            if let bucket, rollout.includes(bucket: bucket) { return (rollout.skin, rollout.version) }
            if bucket == nil, rollout.percent >= ChannelRollout.bucketCount { return (rollout.skin, rollout.version) }
        }
        return (skin, version)
    }

    /// The same state with other `builds` entries (a change that did not name them keeps them).
    package func with(builds: [BuildTarget]) -> ChannelState {
        ChannelState(skin: skin, version: version, rollout: rollout, builds: builds)
    }
}
