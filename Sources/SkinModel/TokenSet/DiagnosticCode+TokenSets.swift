/// Codes raised while reading token sets (docs/skins.md, "Token sets").
extension DiagnosticCode {
    /// A resolver or Tokens Studio structure that does not follow its format (a missing
    /// `resolutionOrder`, a modifier without contexts, a theme selecting a set wrongly, …).
    public static let invalidTokenSet: DiagnosticCode = "invalid-token-set"
    /// A reference to a file the bundle does not hold, a URL, or a path that leaves the bundle.
    public static let outsideBundle: DiagnosticCode = "outside-bundle"
    /// A file of the bundle, or a Tokens Studio set, that no selection ever merges.
    public static let unusedSource: DiagnosticCode = "unused-source"
    /// A bundle past its bounds (file count, reference nesting).
    public static let tokenSetTooLarge: DiagnosticCode = "token-set-too-large"
}
