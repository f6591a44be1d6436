/// A style with `extends`, references and inline styles expanded: key path → where the value
/// was written and what to check it against. Internal to `StyleSheetResolution`.
struct FlatStyle {
    /// One leaf assignment.
    struct Entry {
        /// The key path in the style being built (`titleLabel.font`).
        var keyPath: String
        var raw: JSONValue
        /// Where the value was written, for diagnostics.
        var path: String
        /// The component the value is checked against, with `checkKeyPath` relative to it: the
        /// component of the style that wrote it, or, for a style without one, the component of
        /// the style or property it was applied to. `nil` leaves it unchecked.
        var checkComponent: String?
        var checkKeyPath: String
    }

    var component: String?
    private(set) var keyPaths: [String] = []
    private var entries: [String: Entry] = [:]

    init(component: String? = nil) { self.component = component }

    /// In first-assignment order; a later assignment to a key path replaces the value in place.
    var orderedEntries: [Entry] { keyPaths.map { entries[$0]! } }

    mutating func set(_ entry: Entry) {
        if entries.updateValue(entry, forKey: entry.keyPath) == nil { keyPaths.append(entry.keyPath) }
    }
}
