/// What kind of change a channel history entry records (`channel_activations.action`).
package enum ChannelChangeKind: String, Hashable, Sendable {
    /// `PUT` naming the active target, no rollout running before or after.
    case activate
    /// `PUT` with a `rollout`: one started or its target or percentage moved.
    case rollout
    /// The rollout target became the active target.
    case promote
    /// The rollout was dropped: explicitly, or by a `PUT` without `rollout` while one ran.
    case abort
    /// The channel returned to an earlier entry's state.
    case rollback
}
