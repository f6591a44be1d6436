/// Where a resolved token's value came from (the `explain` audit trail, docs/apps.md, "The resolved document").
public struct TokenProvenance: Sendable, Hashable {
    /// The layer whose definition is in effect: `app@7`, `app@7#dark`. For a token whose
    /// literal was invalidated, the layer of the default expression it fell back to; for a
    /// write that changed nothing, the earlier layer whose value it repeated. For a token of a
    /// token set, the layer and the file and pointer whose definition won:
    /// `app@2:theme/dark.json#/color/ink`.
    public var layer: String
    /// The token paths the value was derived through, each once: every direct reference,
    /// followed by the references it went through in turn. For `a = {b}`, `b = {c}` it is
    /// `["b", "c"]`; empty for a literal; at most 64 entries (the direct references first).
    public var references: [String]

    public init(layer: String, references: [String]) {
        self.layer = layer
        self.references = references
    }
}
