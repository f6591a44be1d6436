/// What `/readyz` reports about the store.
package enum StoreReadiness: Hashable, Sendable {
    /// Open, and every migration this binary knows is applied.
    case ready
    /// Open, but these migrations are not applied yet (the store was opened without migrating).
    case migrationsPending([String])
    /// ``SkinStore/close()`` was called.
    case closed
    /// The check itself failed (e.g. an edited migration, or the disk went away).
    case failed(String)

    package var isReady: Bool { self == .ready }
}
