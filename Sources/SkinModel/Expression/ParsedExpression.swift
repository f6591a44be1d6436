/// An expression parsed once, ready to be evaluated against any token set.
///
/// ```swift
/// let expression = try ParsedExpression.parse("lighten({color.tint}, 0.85)")
/// expression.references  // ["color.tint"]
/// ```
struct ParsedExpression: Sendable {
    let source: ExpressionSource
    let root: ExpressionNode
    /// The token paths it references, in order of first appearance.
    let references: [String]

    /// Parses the grammar of docs/skins.md, "References and expressions".
    /// - Throws: `ValueError` (`invalid-expression`, `unknown-function`) quoting the text and the column.
    static func parse(_ text: String) throws(ValueError) -> ParsedExpression {
        var parser = try ExpressionParser(source: ExpressionSource(text))
        let root = try parser.parse()
        return ParsedExpression(source: parser.lexer.source, root: root, references: parser.references)
    }

    /// Evaluates against resolved tokens.
    func evaluate(lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        try ExpressionEvaluator(source: source).evaluate(root, lookup: lookup)
    }

    /// The result type, when it can be known without evaluating (for `$type` inference).
    func inferredType(typeOf: (String) -> TokenType?) -> TokenType? {
        ExpressionTyping.type(of: root, typeOf: typeOf)
    }
}
