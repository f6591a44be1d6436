/// Static result types of expressions, so a token whose first definition is an
/// expression has a known `$type` before anything is evaluated (docs/skins.md, "Tokens and groups": the type
/// may come "from an alias or expression's result"). Mirrors the evaluator's rules;
/// the evaluator still checks the actual result.
enum ExpressionTyping {
    static func type(of node: ExpressionNode, typeOf: (String) -> TokenType?) -> TokenType? {
        switch node {
        case .literal(let value, _): return value.type
        case .reference(let path, _): return typeOf(path)
        case .negate(let operand, _): return arithmeticType([type(of: operand, typeOf: typeOf)])
        case .binary(_, let left, let right, _):
            return arithmeticType([type(of: left, typeOf: typeOf), type(of: right, typeOf: typeOf)])
        case .call(let name, let arguments, _):
            guard let function = ExpressionFunctions.table[name] else { return nil }
            return function.resultType(arguments.map { type(of: $0, typeOf: typeOf) })
        }
    }

    /// A dimension or duration operand makes the result one; otherwise a number.
    static func arithmeticType(_ operands: [TokenType?]) -> TokenType? {
        if operands.contains(.dimension) { return .dimension }
        if operands.contains(.duration) { return .duration }
        return operands.contains(nil) ? nil : .number
    }
}
