/// A definition's raw value classified once its type is known (SPEC §1.3): a literal,
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

/// A definition as the resolver works with it.
struct CompiledDefinition {
    let layer: Int
    let definition: TokenDefinition
    var value: CompiledValue = .invalid
    /// The token paths the value reads; non-empty exactly for derived values.
    var references: [String] = []
    var isCompiled = false

    init(layer: Int, definition: TokenDefinition) {
        self.layer = layer
        self.definition = definition
    }

    /// An alias, expression or composite with references: WolfCore's "default expression" kind.
    var isDerived: Bool { !references.isEmpty }

    var literal: TypedValue? {
        if case .literal(let value) = value { return value }
        return nil
    }
}
