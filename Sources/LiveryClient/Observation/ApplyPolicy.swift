/// When a `LiveryStore` shows a skin that arrives while the app runs.
public enum ApplyPolicy: Sendable, Hashable {
    /// Show every new skin as it arrives (the default): a publish restyles the running app.
    case immediately
    /// Keep the look the app started with for the whole run, so nothing changes under the
    /// user's finger. A newer skin is kept as `pending` (and persisted by the client), and the
    /// next launch starts with it. The first skin of a run with nothing to show is applied at once.
    case atNextLaunch
}
