/// One requested change of a channel: the state it should be in afterwards, and how the
/// history should record it.
package struct ChannelChange: Hashable, Sendable {
    /// The state afterwards. Its `builds` are used only when ``keepsBuilds`` is false.
    package let state: ChannelState
    /// The change does not name per-build targets (a `PUT` without `builds`, promote, abort, a
    /// schedule): the channel keeps the ones it has.
    package let keepsBuilds: Bool
    /// nil: decided from the states (``ChannelChangeQueries/kind(from:to:)``).
    package let kind: ChannelChangeKind?
    /// An admin went past failing contrast checks.
    package let forced: Bool
    /// The schedule carrying this change out, if any.
    package let scheduleID: Int?
    /// Carried out more than a second after its scheduled time.
    package let late: Bool
    /// The release gate's holds afterwards (docs/apps.md, "Old builds in the field"); nil keeps
    /// those whose target the new state still names (a schedule's change, checked when due).
    package let holds: [ServedHold]?
    /// The approved change request this change carries out (docs/api.md, "Change requests"):
    /// nil for a direct change, which a channel's review policy refuses.
    package let changeRequestID: Int?

    package init(
        state: ChannelState, keepsBuilds: Bool = true, kind: ChannelChangeKind? = nil, forced: Bool = false, scheduleID: Int? = nil,
        late: Bool = false, holds: [ServedHold]? = nil, changeRequestID: Int? = nil
    ) {
        self.state = state
        self.keepsBuilds = keepsBuilds
        self.kind = kind
        self.forced = forced
        self.scheduleID = scheduleID
        self.late = late
        self.holds = holds
        self.changeRequestID = changeRequestID
    }
}
