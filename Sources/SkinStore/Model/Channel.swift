import SkinModel

/// A channel: which skin (and pinned version, or the latest) its clients get.
package struct Channel: Hashable, Sendable {
    package let name: String
    package let skin: String
    /// The pinned version, or nil to follow the skin's latest.
    package let version: Int?
    /// How many times the channel was activated; its `ETag: "a{n}"`.
    package let activationCount: Int
    package let createdAt: String
    package let updatedAt: String
    /// Activations, oldest first: the page read (the latest 50 unless asked for older ones,
    /// docs/api.md), empty when not requested.
    package let history: [ChannelActivation]
    /// How many entries the whole history has (0 when it was not read).
    package let historyCount: Int
    /// The running rollout (docs/api.md, "Rollouts, schedules and rollback"), if any.
    package let rollout: ChannelRollout?
    /// Per-build targets (docs/apps.md, "Old builds in the field"), first match wins.
    package let builds: [BuildTarget]
    /// The release gate's holds (docs/apps.md, "Old builds in the field"): audiences of its
    /// targets kept on a look they were served, because a newer one failed the gate for them.
    package let holds: [ServedHold]

    package init(
        name: String, skin: String, version: Int?, activationCount: Int, createdAt: String, updatedAt: String,
        history: [ChannelActivation], historyCount: Int? = nil, rollout: ChannelRollout? = nil, builds: [BuildTarget] = [],
        holds: [ServedHold] = []
    ) {
        self.name = name
        self.skin = skin
        self.version = version
        self.activationCount = activationCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.history = history
        self.historyCount = historyCount ?? history.count
        self.rollout = rollout
        self.builds = builds
        self.holds = holds
    }

    /// The active target, the rollout and the per-build targets together, as named (a target
    /// following a latest version stays nil here; ``holds`` say who is kept on an older look).
    package var state: ChannelState {
        ChannelState(skin: skin, version: version, rollout: rollout, builds: builds)
    }

    /// The same channel with `history` (a page of `historyCount` entries) and `holds`.
    package func with(history: [ChannelActivation]? = nil, historyCount: Int? = nil, holds: [ServedHold]? = nil) -> Channel {
        Channel(
            name: name, skin: skin, version: version, activationCount: activationCount, createdAt: createdAt, updatedAt: updatedAt,
            history: history ?? self.history, historyCount: historyCount ?? (history?.count ?? self.historyCount), rollout: rollout,
            builds: builds, holds: holds ?? self.holds)
    }
}
