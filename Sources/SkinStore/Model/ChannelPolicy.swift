/// A channel's review policy (docs/api.md, "Change requests"): how many people other than a
/// change request's author must approve it, and whether direct changes are refused.
package struct ChannelPolicy: Hashable, Sendable {
    /// The most approvals a policy may ask for.
    package static let maxApprovals = 10

    package let channel: String
    /// Approvals a change request needs; 0 is no policy (direct changes allowed, a request still
    /// needs one approval).
    package let approvals: Int
    /// Whether an author may approve their own request.
    package let selfApproval: Bool
    /// When and by whom it was last set; nil for a channel that never had one.
    package let updatedAt: String?
    package let updatedBy: String?

    package init(channel: String, approvals: Int, selfApproval: Bool, updatedAt: String? = nil, updatedBy: String? = nil) {
        self.channel = channel
        self.approvals = approvals
        self.selfApproval = selfApproval
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }

    /// A channel's policy when none was set.
    package static func none(_ channel: String) -> ChannelPolicy {
        ChannelPolicy(channel: channel, approvals: 0, selfApproval: false)
    }

    /// Direct changes (activate, rollout, promote, abort, rollback, schedules, `builds` entries)
    /// are refused: every change goes through a request.
    package var requiresReview: Bool { approvals >= 1 }

    /// Approvals a request needs before it is applied: the policy's, and never fewer than one
    /// (a request is a request for review).
    package var requiredApprovals: Int { max(1, approvals) }
}
