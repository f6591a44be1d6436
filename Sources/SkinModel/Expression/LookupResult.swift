/// What a reference resolves to while values are read.
enum LookupResult {
    case found(TypedValue)
    /// No token has this path.
    case unknown
    /// The token exists but has errors of its own (already reported): fail quietly.
    case failed
}
