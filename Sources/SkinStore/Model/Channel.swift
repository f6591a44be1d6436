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
    /// Every activation, oldest first (empty when not requested).
    package let history: [ChannelActivation]
    /// The running rollout (docs/api.md, "Rollouts, schedules and rollback"), if any.
    package let rollout: ChannelRollout?
    /// Per-build targets (docs/apps.md, "Old builds in the field"), first match wins.
    package let builds: [BuildTarget]
    /// A channel following its skin's latest version that a publish failing the release gate
    /// did not reach (docs/skins.md): `{"skin", "version", "reasons"}` as JSON text, else nil.
    package let heldBack: String?
    /// While held back, the version it keeps serving (the last that passed).
    package let servedVersion: Int?

    package init(
        name: String, skin: String, version: Int?, activationCount: Int, createdAt: String, updatedAt: String,
        history: [ChannelActivation], rollout: ChannelRollout? = nil, builds: [BuildTarget] = [],
        heldBack: String? = nil, servedVersion: Int? = nil
    ) {
        self.name = name
        self.skin = skin
        self.version = version
        self.activationCount = activationCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.history = history
        self.rollout = rollout
        self.builds = builds
        self.heldBack = heldBack
        self.servedVersion = servedVersion
    }

    /// The active target, the rollout and the per-build targets together. What clients get: a
    /// follower held back gets the version it kept serving.
    package var state: ChannelState {
        ChannelState(skin: skin, version: version ?? servedVersion, rollout: rollout, builds: builds)
    }
}
