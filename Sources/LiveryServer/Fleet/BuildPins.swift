import SkinStore

/// Where `GET /v1/clients` learns that a build is held on an older look by the compatibility
/// gate (docs/apps.md, "Old builds in the field": a channel following a skin's latest version
/// keeps serving a live build the newest version that satisfies its contract).
///
/// The gate owns those pins; this is the seam through which it reports them. Until it is wired
/// in, ``NoBuildPins`` answers that no build is pinned.
protocol BuildPins: Sendable {
    /// The target `client` is pinned to on `channel`, nil when it is not pinned.
    func pin(channel: String, client: ClientIdentity) async -> (skin: String, version: Int)?
}

/// No build is pinned (the default until the compatibility gate reports its pins).
struct NoBuildPins: BuildPins {
    func pin(channel: String, client: ClientIdentity) async -> (skin: String, version: Int)? { nil }
}
