/// One entry of the change sequence (`GET /v1/events`, ``ChangeMonitor``).
package struct StoreEvent: Hashable, Sendable {
    /// What happened.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A version was published: `skin`, `version`.
        case publish
        /// A channel was activated: `channel`, `skin`, `version` (nil = follow the latest).
        case activate
        /// A skin and all its versions were deleted: `skin`.
        case delete
        /// The release gate decided what `channel` serves of `skin` at `version` (a publish
        /// reached it): who is held on an older look, if anyone, is on the channel
        /// (docs/apps.md, "Old builds in the field").
        case gate
        /// A draft was saved or deleted (docs/api.md, "Drafts"): `skin` it will become a version
        /// of, `version` its revision. Wakes the long-polls on drafts in every process; the
        /// public feed (``SkinStore/events(after:limit:)``) leaves it out.
        case draft
        /// A step of a change request (docs/api.md, "Change requests"): `channel`, the skin it
        /// changes, ``StoreEvent/changeRequest`` and ``StoreEvent/action`` (`open`, `approve`, …).
        case review

        /// Whether the public change feed and webhooks show it: every kind but `draft`.
        package var isPublic: Bool { self != .draft }
    }

    /// Strictly increasing; never reused.
    package let seq: Int
    package let kind: Kind
    package let skin: String
    package let version: Int?
    package let channel: String?
    package let at: String
    /// For `review`: the change request's id and the step (``ChangeRequest/Action/Kind``).
    package let changeRequest: Int?
    package let action: String?

    package init(
        seq: Int, kind: Kind, skin: String, version: Int?, channel: String?, at: String, changeRequest: Int? = nil, action: String? = nil
    ) {
        self.seq = seq
        self.kind = kind
        self.skin = skin
        self.version = version
        self.channel = channel
        self.at = at
        self.changeRequest = changeRequest
        self.action = action
    }
}
