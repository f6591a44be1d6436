/// Tokens Studio's math treats pixels and plain numbers as one: `floor({size.unit} * 3)` gives a
/// number for a token typed `dimension`, and a `number` token may alias `4px` to compute with it.
/// A strict reading refuses such exports with `type-mismatch`; docs/skins.md, "What tool exports may contain" reads a unitless number
/// for a dimension as px, so both directions are read that way, each with a `legacy-form` warning.
/// Recognised where a derived value is evaluated (the engine calls it): only then is the result's type known.
extension ValueReader {
    /// `coerce`, except that a derived number becomes px where a dimension is wanted, and a px
    /// dimension its number where a number is wanted (other units stay a `type-mismatch`).
    mutating func coerceReadingPixelsAsNumbers(_ value: TypedValue, to type: TokenType, origin: String) throws(ValueError) -> TypedValue {
        switch (value.value, type) {
        case (.number(let number), .dimension) where value.type == .number:
            let text = NotationNumber.describe(number)
            warnings.append(ReadingWarning(.legacyForm, "\(origin) gives the unitless number \(text); read as \(text)px", detail: "unitless math result"))
            return TypedValue(.dimension(Dimension(number, .px)))
        case (.dimension(let dimension), .number) where dimension.unit == .px:
            let text = NotationNumber.describe(dimension.value)
            warnings.append(ReadingWarning(.legacyForm, "\(origin) gives the dimension \(text)px; read as the number \(text), as Tokens Studio's math does", detail: "px math result as a number"))
            return TypedValue(.number(dimension.value))
        default:
            return try Self.coerce(value, to: type, origin: origin)
        }
    }
}
