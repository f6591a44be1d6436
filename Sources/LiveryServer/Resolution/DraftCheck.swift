import SkinModel
import SkinStore

/// A draft document checked as a publish of it would be: its errors and warnings, and the
/// stored ancestors it resolves on (empty when the lineage itself is what failed).
struct DraftCheck: Sendable {
    var problems: SkinProblems
    /// The parsed ancestors, root first, as the resolver takes them.
    var ancestors: [LineageEntry] = []
    /// The ancestors' stored bytes, for the assets they name.
    var ancestorDocuments: [[UInt8]] = []
    /// The asset catalog the draft resolved against.
    var assets: [String: AssetInfo] = [:]
    /// The selections the validator resolved, for the compatibility check to reuse.
    var resolved: [[String]: ResolvedSkin] = [:]
}
