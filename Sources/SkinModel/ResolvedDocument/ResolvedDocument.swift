/// A flat resolved document read back into typed values (docs/apps.md, "The resolved document"), for clients: the tokens as
/// `TokenValue`s and the styling ready for `match(id:variants:)` and `image(for:variants:)`
/// offline.
///
/// ```swift
/// let document = try ResolvedDocument(json: JSONParser.parse(body))
/// document.tokens["color.tint"]                                   // .color(…)
/// document.styling.match(id: "checkout/button", variants: document.variants)
/// ```
///
/// Members a newer server may add are ignored, and so are `explain` extras on tokens, so an
/// older client keeps working. Only the flat format is read (`?format=dtcg` is for build
/// pipelines, not apps).
public struct ResolvedDocument: Sendable, Hashable {
    public var skin: String
    public var version: Int
    /// `["base@3", "app@7"]`, root to leaf.
    public var lineage: [String]
    /// The variants the document was resolved for, in request order.
    public var variants: [String]
    /// The channel the document was served through, if any.
    public var channel: String?
    /// Token path → value.
    public var tokens: [String: TokenValue]
    /// Token path → the type the document declares (a `strokeStyle` keyword reads as a
    /// `.string` value; its declared type is kept here).
    public var tokenTypes: [String: TokenType]
    /// Styles, rules and images. Properties are decoded by the built-in catalog's types for the
    /// style's component (a rule's, through its style), else by their shape; `components` is
    /// empty, the flat document not carrying the skin's own types.
    public var styling: ResolvedStyling

    public init(
        skin: String, version: Int, lineage: [String] = [], variants: [String] = [], channel: String? = nil,
        tokens: [String: TokenValue] = [:], tokenTypes: [String: TokenType]? = nil, styling: ResolvedStyling = .empty
    ) {
        self.skin = skin
        self.version = version
        self.lineage = lineage
        self.variants = variants
        self.channel = channel
        self.tokens = tokens
        self.tokenTypes = tokenTypes ?? tokens.mapValues(\.type)
        self.styling = styling
    }

    /// Reads a parsed flat document.
    /// - Throws: `SkinProblems` listing every malformed member (`invalid-document`, `invalid-value`),
    ///   with paths like `tokens.color.tint.value` and `rules[2].selector`.
    public init(json: JSONValue) throws(SkinProblems) {
        var reader = ResolvedDocumentReader()
        guard let document = reader.read(json) else { throw reader.problems }
        self = document
    }
}
