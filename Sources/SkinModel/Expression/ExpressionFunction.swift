/// One function of the expression language: its signature for messages, how many
/// arguments it takes, its result type (for `$type` inference) and its behaviour.
struct ExpressionFunction: Sendable {
    let name: String
    /// As shown in messages: `lighten(color, amount)`.
    let signature: String
    let arity: ClosedRange<Int>
    let resultType: @Sendable ([TokenType?]) -> TokenType?
    let apply: @Sendable (FunctionArguments) throws(ValueError) -> TypedValue
}
