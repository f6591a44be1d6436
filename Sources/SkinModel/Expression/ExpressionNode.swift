/// The syntax tree of an expression; every node keeps its source range for messages.
indirect enum ExpressionNode: Sendable {
    case literal(TypedValue, Range<Int>)
    case reference(String, Range<Int>)
    case negate(ExpressionNode, Range<Int>)
    case binary(BinaryOperator, ExpressionNode, ExpressionNode, Range<Int>)
    case call(String, [ExpressionNode], Range<Int>)

    var range: Range<Int> {
        switch self {
        case .literal(_, let range), .reference(_, let range), .negate(_, let range), .binary(_, _, _, let range), .call(_, _, let range):
            range
        }
    }
}
