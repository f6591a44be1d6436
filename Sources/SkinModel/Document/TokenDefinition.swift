/// One token as one document (or one variant of it) defines it: the raw `$value`
/// and the metadata around it, before any layering or evaluation.
///
/// The value stays raw because how a string reads depends on the token's type, which
/// may be fixed by an ancestor skin (docs/skins.md, "Tokens and groups"): only the resolver knows it.
public struct TokenDefinition: Sendable, Hashable {
    /// Dot-joined names from the root: `color.tint`, `color.accent.$root`.
    public let path: String
    /// The token's own `$type`.
    public let type: TokenType?
    /// The `$type` of the nearest enclosing group that has one.
    public let groupType: TokenType?
    /// `$value` with `$ref` pointers already replaced.
    public let value: JSONValue
    public let description: String?
    /// `$deprecated`: `true` or an explanation.
    public let deprecated: JSONValue?
    public let extensions: JSONValue?
    /// The `$type` as written when it maps to no type (`type` or `groupType` is `.opaque`).
    public var opaqueTypeName: String?
    /// Members beyond DTCG's that a tool wrote on the token (an `alpha` on a token that is no colour, unknown `$` members),
    /// kept for `format=dtcg` (docs/skins.md, "What tool exports may contain", `ignored-member`).
    public var otherMembers: JSONObject?

    public init(
        path: String, type: TokenType?, groupType: TokenType?, value: JSONValue,
        description: String? = nil, deprecated: JSONValue? = nil, extensions: JSONValue? = nil
    ) {
        self.path = path
        self.type = type
        self.groupType = groupType
        self.value = value
        self.description = description
        self.deprecated = deprecated
        self.extensions = extensions
    }
}
