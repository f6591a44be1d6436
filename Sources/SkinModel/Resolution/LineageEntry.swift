/// One skin version of a lineage, with its parsed document. The store finds the
/// versions (following unpinned `extends` to the parent's latest); the resolver only layers them.
public struct LineageEntry: Sendable, Hashable {
    public var skin: String
    public var version: Int
    public var document: SkinDocument

    public init(skin: String, version: Int, document: SkinDocument) {
        self.skin = skin
        self.version = version
        self.document = document
    }

    /// `app@7`: how layers, lineages and provenance name this version.
    public var layerName: String { "\(skin)@\(version)" }
}
