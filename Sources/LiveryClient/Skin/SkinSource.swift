/// Where the skin a client holds came from, so an app can tell how much to trust it.
public enum SkinSource: String, Sendable, Hashable {
    /// Received from the server, or confirmed by it (a `304`), during this run.
    case fresh
    /// The last good document persisted by an earlier run, not yet confirmed by the server.
    case cached
    /// The document shipped with the app, used on a first launch without a cache.
    case bundled
    /// Computed on the device by `Skin.interpolated(to:at:)`.
    case interpolated
}
