/// The outcome of reading text as one literal notation.
///
/// Three outcomes, not two, because docs/skins.md, "References and expressions" reads a string `$value` first as a
/// literal of the token's type and only otherwise as an expression: text that is
/// clearly *meant* as the notation but is wrong (`#12345`, `rgb(300 0 0)`) must be
/// reported as such, not re-read as an expression with a confusing error.
enum LiteralReading<Value> {
    /// The text is this notation, and valid.
    case value(Value)
    /// The text is not this notation at all (try an expression).
    case notLiteral
    /// The text is this notation but malformed or out of range; the message says why
    /// (`invalid-value` unless a more specific code applies, e.g. `unsupported-color-space`).
    case malformed(String, code: DiagnosticCode = .invalidValue)

    func map<Other>(_ transform: (Value) -> Other) -> LiteralReading<Other> {
        switch self {
        case .value(let value): .value(transform(value))
        case .notLiteral: .notLiteral
        case .malformed(let message, let code): .malformed(message, code: code)
        }
    }
}
