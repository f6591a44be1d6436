/// Text an import pass writes into an expression it builds (`mix(<operand>, …)`,
/// `darken(<operand>, 0.15)`): an exact alias as is, any other text in parentheses, so that `#fff`
/// or `lighten({a}, 0.1) + …` stays one operand.
enum ExpressionOperand {
    static func text(_ text: String) -> String {
        TokenPath.exactAlias(text) != nil ? text : "(\(text))"
    }
}
