/// A named style from `$livery.styles` (docs/skins.md, "Components, styles and rules"): `{component?, extends?, properties}`.
public struct StyleDefinition: Sendable, Hashable {
    public var name: String
    public var body: StyleBody

    public init(name: String, body: StyleBody) {
        self.name = name
        self.body = body
    }
}
