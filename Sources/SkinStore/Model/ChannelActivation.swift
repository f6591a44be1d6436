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

    package init(
        number: Int = 0, skin: String, version: Int?, rollout: ChannelRollout? = nil, builds: [BuildTarget] = [], kind: ChannelChangeKind = .activate,
        forced: Bool = false, scheduleID: Int? = nil, actor: String, at: String
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
    }

    /// The channel state this entry recorded.
    package var state: ChannelState { ChannelState(skin: skin, version: version, rollout: rollout, builds: builds) }
}
