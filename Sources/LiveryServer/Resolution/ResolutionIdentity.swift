/// Everything that determines a resolved document's bytes: the exact lineage versions, the
/// variants, the output shape and the channel named in it. Two requests with equal identities
/// get the same bytes, so the resolution is computed once per identity and shared.
struct ResolutionIdentity: Hashable, Sendable {
    /// `["base@3", "app@7"]`, root first.
    var lineage: [String]
    var variants: [String]
    var format: DocumentView.Format
    var explain: Bool
    /// The channel named in the document (`channel` member), nil for `/v1/skins/...` routes.
    var channel: String?
}
