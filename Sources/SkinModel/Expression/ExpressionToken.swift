/// One lexical token of an expression, with the byte range it came from.
struct ExpressionToken: Sendable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        case dimension(Dimension)
        case duration(DurationValue)
        case color(RGBAColor)
        case identifier(String)
        case string(String)
        case reference(String)
        case plus, minus, star, slash, leftParen, rightParen, comma
        case end
    }

    var kind: Kind
    var range: Range<Int>
}
