/// The two shapes of a resolved document (docs/apps.md, "The resolved document"): `flat` (the default, for apps) and
/// `dtcg` (a DTCG token tree, for build pipelines).
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case flat
    case dtcg
}
