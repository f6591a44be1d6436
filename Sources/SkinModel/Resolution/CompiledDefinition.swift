/// A definition as the resolver works with it. It points at its `TokenDefinition`
/// (`layers[layer].definitions[position]`) rather than copying it: at tens of thousands
/// of tokens the copies' reference counting is a measurable share of resolution time.
struct CompiledDefinition {
    let layer: Int
    let position: Int
    var value: CompiledValue = .invalid
    /// The token paths the value reads; non-empty exactly for derived values.
    var references: [String] = []
    var isCompiled = false

    init(layer: Int, position: Int) {
        self.layer = layer
        self.position = position
    }

    /// An alias, expression or composite with references: WolfCore's "default expression" kind.
    var isDerived: Bool { !references.isEmpty }

    var literal: TypedValue? {
        if case .literal(let value) = value { return value }
        return nil
    }
}
