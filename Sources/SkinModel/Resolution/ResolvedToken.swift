/// One token of a resolved skin: its final value and the metadata the outputs carry.
public struct ResolvedToken: Sendable, Hashable {
    public var type: TokenType
    public var value: TokenValue
    /// `$description` of the latest definition that has one.
    public var description: String?
    /// `$deprecated` of the latest definition that has one.
    public var deprecated: JSONValue?
    /// `$extensions` of the latest definition that has them.
    public var extensions: JSONValue?
    public var provenance: TokenProvenance
    /// Members beyond DTCG's that the latest definition carried (docs/skins.md, "What tool exports may contain"), for `format=dtcg` only.
    public var otherMembers: JSONObject?
    /// The `$value` of the definition in effect, as written, when that definition is a literal or
    /// a composite written as an object or array (nil for aliases and expressions). `format=dtcg`
    /// keeps the notations of its literal parts (docs/skins.md, "What tool exports may contain": a `display-p3` colour stays
    /// `display-p3`, also as a shadow's colour beside an aliased offset); the flat document never
    /// reads it.
    public var writtenLiteral: JSONValue?

    /// The type the outputs write: the DTCG name, or an opaque token's own `$type`.
    public var typeName: String { type == .opaque ? value.typeName : type.rawValue }

    public init(
        type: TokenType, value: TokenValue, description: String? = nil, deprecated: JSONValue? = nil,
        extensions: JSONValue? = nil, provenance: TokenProvenance
    ) {
        self.type = type
        self.value = value
        self.description = description
        self.deprecated = deprecated
        self.extensions = extensions
        self.provenance = provenance
    }
}
