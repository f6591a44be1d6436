/// What one app build reads from a look (docs/apps.md, "Old builds in the field"): the token
/// paths with the type it expects for each, the style ids it asks rules for, and the image ids
/// it asks for. Registered once per build from its release pipeline; every release is then
/// checked against it (``BuildContract/check(_:build:)``).
///
/// ```swift
/// let contract = try BuildContract(json: JSONParser.parse(body))
/// contract.check(resolvedSkin, build: "ios/3.2.1")   // [] when the look is readable
/// ```
public struct BuildContract: Sendable, Hashable {
    /// Token path → the type name the build decodes it as (`color`, `dimension`, … or an opaque
    /// token's own `$type`), as a resolved document writes it.
    public var tokens: [String: String]
    /// Element ids (`checkout/header/title`) the build asks a rule for; each must keep matching one.
    public var styles: [String]
    /// Image ids (`logo`) the build asks for; each must keep resolving to an image.
    public var images: [String]

    public init(tokens: [String: String] = [:], styles: [String] = [], images: [String] = []) {
        self.tokens = tokens
        self.styles = styles
        self.images = images
    }

    /// The contract as the API writes it: `{"tokens": {…}, "styles": […], "images": […]}`,
    /// styles and images sorted so equal contracts have equal bytes.
    public var json: JSONValue {
        let tokenObject = JSONObject(tokens.keys.sorted().map { ($0, JSONValue.string(tokens[$0] ?? "")) })
        return .object(JSONObject([
            ("tokens", .object(tokenObject)),
            ("styles", .array(styles.sorted().map(JSONValue.string))),
            ("images", .array(images.sorted().map(JSONValue.string))),
        ]))
    }

    /// How many entries the contract names, for summaries (`contract: 212 tokens, 14 styles, 3 images`).
    public var summary: String {
        "\(tokens.count) token\(tokens.count == 1 ? "" : "s"), \(styles.count) style\(styles.count == 1 ? "" : "s"), "
            + "\(images.count) image\(images.count == 1 ? "" : "s")"
    }
}
