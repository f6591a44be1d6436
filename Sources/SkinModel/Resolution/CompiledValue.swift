/// A definition's raw value classified once its type is known (docs/skins.md, "References and expressions"): a literal,
/// read now, or something derived from other tokens, evaluated in dependency order.
enum CompiledValue {
    case literal(TypedValue)
    /// An exact alias `"{path}"`.
    case alias(String)
    case expression(ParsedExpression)
    /// A composite (object or array) with aliases or expressions among its members.
    case composite(JSONValue)
    /// Could not be read; the error is already reported.
    case invalid
}
