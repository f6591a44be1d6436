/// A change request on a channel (docs/api.md, "Change requests"): a change someone proposes,
/// that others approve before it is applied, with who did what.
package struct ChangeRequest: Hashable, Sendable {
    package enum State: String, Hashable, Sendable, CaseIterable {
        case open, approved, rejected, cancelled, applied

        /// Nothing more can happen to a closed request.
        package var isClosed: Bool { self == .rejected || self == .cancelled || self == .applied }
    }

    /// What the request carries out when applied.
    package enum Source: Hashable, Sendable {
        /// A channel change (a `PUT /v1/channels/{c}` or schedule body), as canonical JSON.
        case change(String)
        /// The target `channel` served when the request was opened, versions pinned, as a change body.
        case promote(from: String, change: String)
        /// Publish the draft's approved revision as the next version of its skin, then activate it.
        case draft(String)

        package var name: String {
            switch self {
            case .change: "change"
            case .promote: "promote"
            case .draft: "draft"
            }
        }

        /// The change body, nil for a draft.
        package var changeJSON: String? {
            switch self {
            case .change(let json), .promote(_, let json): json
            case .draft: nil
            }
        }
    }

    /// One step of a request's history.
    package struct Action: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable {
            /// Opened by its author.
            case open
            case approve, reject, apply, cancel
            /// A new revision of the draft behind it: earlier approvals no longer count.
            case reset
            /// Approved with an `at`: a schedule will carry it out then.
            case schedule
            /// Its `at` passed before it was approved: cancelled.
            case lapse
            /// Its schedule came due and the release gate (or the store) refused it; `note` says why.
            case fail
        }

        package let kind: Kind
        package let actor: String
        package let at: String
        /// For `approve` of a draft request: the draft revision approved.
        package let draftRevision: Int?
        package let note: String?

        package init(kind: Kind, actor: String, at: String, draftRevision: Int? = nil, note: String? = nil) {
            self.kind = kind
            self.actor = actor
            self.at = at
            self.draftRevision = draftRevision
            self.note = note
        }
    }

    package let id: Int
    package let channel: String
    package let state: State
    package let author: String
    package let message: String
    /// The skin it changes: the change's active target, or the draft's skin.
    package let skin: String
    package let source: Source
    /// When the change is to be carried out (a change's `at`), nil for at once on `apply`.
    package let at: String?
    package let createdAt: String
    package let updatedAt: String
    /// For a draft request: the version its apply published (kept, so a retry does not publish again).
    package let publishedVersion: Int?
    /// Every step, oldest first.
    package let history: [Action]

    package init(
        id: Int, channel: String, state: State, author: String, message: String, skin: String, source: Source, at: String?, createdAt: String,
        updatedAt: String, publishedVersion: Int?, history: [Action]
    ) {
        self.id = id
        self.channel = channel
        self.state = state
        self.author = author
        self.message = message
        self.skin = skin
        self.source = source
        self.at = at
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.publishedVersion = publishedVersion
        self.history = history
    }

    /// The approvals that count: those since the last `reset`, one per person.
    package var approvals: [Action] {
        let sinceReset = history.lastIndex { $0.kind == .reset }.map { history[($0 + 1)...] } ?? history[...]
        var seen: Set<String> = []
        return sinceReset.filter { $0.kind == .approve && seen.insert($0.actor).inserted }
    }

    /// Whether `policy` lets it be applied: enough approvals that count (by others than the
    /// author, unless the policy allows self-approval).
    package func isApproved(under policy: ChannelPolicy) -> Bool {
        approvals.filter { policy.selfApproval || $0.actor != author }.count >= policy.requiredApprovals
    }
}
