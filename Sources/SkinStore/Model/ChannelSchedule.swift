/// A future channel change (docs/api.md, "Rollouts, schedules and rollback" "Schedules"): a deferred `PUT /v1/channels/{c}`.
package struct ChannelSchedule: Hashable, Sendable {
    package enum State: String, Hashable, Sendable {
        /// Waiting for its time.
        case pending
        /// Carried out (see ``ChannelSchedule/carriedOutAt`` and ``ChannelSchedule/late``).
        case done
        /// Cancelled with `DELETE` before its time.
        case cancelled
        /// Its time came but the change could not be made (``ChannelSchedule/outcome`` says why).
        case failed
        /// Its time came but its look failed the release gate by then (contrast, or a live
        /// build's contract); nothing was changed (``ChannelSchedule/outcome`` says why).
        case blocked
    }

    package let id: Int
    package let channel: String
    /// When to carry it out: ISO 8601 UTC with milliseconds, as the store writes timestamps.
    package let at: String
    package let target: ChannelState
    /// Scheduled by an admin past failing contrast checks.
    package let forced: Bool
    package let createdBy: String
    package let createdAt: String
    package let state: State
    package let carriedOutAt: String?
    /// Carried out more than ``ChannelSchedule/lateAfterMilliseconds`` after `at`: no process was running at its time.
    package let late: Bool
    /// Why a failed schedule failed.
    package let outcome: String?
    /// The approved change request it carries out (docs/api.md, "Change requests"), nil for a direct schedule.
    package let changeRequestID: Int?

    /// docs/api.md, "Rollouts, schedules and rollback": a schedule is carried out within a second of its time; later than that, it is marked late.
    package static let lateAfterMilliseconds = 1000

    package init(
        id: Int, channel: String, at: String, target: ChannelState, forced: Bool, createdBy: String, createdAt: String,
        state: State, carriedOutAt: String?, late: Bool, outcome: String?, changeRequestID: Int? = nil
    ) {
        self.id = id
        self.channel = channel
        self.at = at
        self.target = target
        self.forced = forced
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.state = state
        self.carriedOutAt = carriedOutAt
        self.late = late
        self.outcome = outcome
        self.changeRequestID = changeRequestID
    }
}
