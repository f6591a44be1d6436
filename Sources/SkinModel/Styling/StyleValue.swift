/// A property value as a style or rule writes it (docs/skins.md, "Components, styles and rules").
public indirect enum StyleValue: Sendable, Hashable {
    /// A literal, alias or expression, resolved later against the skin's tokens.
    case value(JSONValue)
    /// `{"$style": "otherStyle"}`: the named style's properties, applied at this key path.
    case styleReference(String)
    /// An inline style object, shaped like a named style (`{component?, extends?, properties}`).
    ///
    /// A plain object (`{"textColor": …}`) written to a property declared as a component is
    /// also an inline style; that is decided at resolution, where the declared types are known,
    /// since a plain object may equally be a composite token value (a typography or a shadow).
    case inlineStyle(StyleBody)
}
