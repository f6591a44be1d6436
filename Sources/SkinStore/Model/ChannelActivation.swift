import SkinModel

/// One entry of a channel's history (docs/api.md, "Publishing and activating", §3.5): the state a change left the channel
/// in, what kind of change it was, by whom, when.
package struct ChannelActivation: Hashable, Sendable {
    /// 1-based position in the history; `{"to": n}` of a rollback names it.
    package let number: Int
    package let skin: String
    /// The pinned version, or nil for "follow the latest".
    package let version: Int?
    package let rollout: ChannelRollout?
    /// The per-build targets this entry left the channel with.
    package let builds: [BuildTarget]
    package let kind: ChannelChangeKind
    /// An admin activated past failing contrast checks.
    package let forced: Bool
    /// The schedule that made the change, if one did.
    package let scheduleID: Int?
    /// The token name that activated it (for a schedule: who scheduled it).
    package let actor: String
    package let at: String
    /// The version the active target served when this entry was made (its latest, for a
    /// target following it; the held look's, for a held follower): what a rollback restores.
    package let servedVersion: Int?
    /// Likewise for the rollout's target.
    package let rolloutServedVersion: Int?

    package init(
        number: Int = 0, skin: String, version: Int?, rollout: ChannelRollout? = nil, builds: [BuildTarget] = [], kind: ChannelChangeKind = .activate,
        forced: Bool = false, scheduleID: Int? = nil, actor: String, at: String,
        servedVersion: Int? = nil, rolloutServedVersion: Int? = nil
    ) {
        self.number = number
        self.skin = skin
        self.version = version
        self.rollout = rollout
        self.builds = builds
        self.kind = kind
        self.forced = forced
        self.scheduleID = scheduleID
        self.actor = actor
        self.at = at
        self.servedVersion = servedVersion
        self.rolloutServedVersion = rolloutServedVersion
    }

    /// The channel state this entry recorded, as named (a followed latest stays nil).
    package var state: ChannelState { ChannelState(skin: skin, version: version, rollout: rollout, builds: builds) }

    /// What a rollback to this entry restores: exactly the look it served, each followed
    /// latest pinned to the version it served then (`builds` entries as recorded).
    package var servedState: ChannelState {
        ChannelState(
            skin: skin, version: version ?? servedVersion,
            rollout: rollout.map { ChannelRollout(skin: $0.skin, version: $0.version ?? rolloutServedVersion, percent: $0.percent) },
            builds: builds)
    }
}
