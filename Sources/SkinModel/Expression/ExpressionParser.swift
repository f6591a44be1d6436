/// A recursive-descent parser for docs/skins.md, "References and expressions" grammar:
///
/// ```
/// expr    := sum
/// sum     := product (("+" | "-") product)*
/// product := unary (("*" | "/") unary)*
/// unary   := "-"? atom
/// atom    := number | dimension-literal | color-literal | string-literal
///          | "{" path "}" | ident "(" expr ("," expr)* ")" | "(" expr ")"
/// ```
///
/// A colour literal is a hex colour with `#` or `0x`, a colour name, or one colour
/// function call (`rgb(51 102 255 / 50%)`, `hsl(…)`, `hsb(…)`) read whole by the
/// colour notation reader.
struct ExpressionParser {
    static let colorFunctions: Set<String> = ["rgb", "rgba", "hsl", "hsla", "hsb", "hsba"]
    /// The deepest syntax tree accepted. Parsing and evaluation recurse along the tree, and a
    /// server thread's stack is small: `((((…))))` or `1+1+…+1` in a hostile document must be
    /// an error, not a crash. Real expressions are a few levels deep.
    static let maximumDepth = 64
    /// The longest expression accepted, in bytes.
    static let maximumLength = 4096

    var lexer: ExpressionLexer
    var current: ExpressionToken
    var references: [String] = []
    private var seenReferences: Set<String> = []

    init(source: ExpressionSource) throws(ValueError) {
        lexer = ExpressionLexer(source: source)
        guard source.bytes.count <= Self.maximumLength else {
            throw ValueError(.invalidExpression, "an expression of \(source.bytes.count) bytes is longer than the \(Self.maximumLength) allowed")
        }
        current = try lexer.next()
    }

    /// Fails once the tree under construction is deeper than `maximumDepth`.
    func checkDepth(_ depth: Int, at range: Range<Int>) throws(ValueError) {
        if depth > Self.maximumDepth {
            throw source.error(.invalidExpression, at: range, "the expression nests deeper than \(Self.maximumDepth) levels")
        }
    }

    var source: ExpressionSource { lexer.source }

    mutating func parse() throws(ValueError) -> ExpressionNode {
        if current.kind == .end { throw source.error(.invalidExpression, at: current.range, "the expression is empty") }
        let node = try sum(depth: 1).node
        guard current.kind == .end else {
            throw source.error(.invalidExpression, at: current.range, "unexpected \(describe(current)) after a complete expression")
        }
        return node
    }

    mutating func advance() throws(ValueError) {
        current = try lexer.next()
    }

    /// Each level returns its node and the node's depth (a left-leaning chain `a+b+c` deepens by one per operator).
    mutating func sum(depth: Int) throws(ValueError) -> (node: ExpressionNode, depth: Int) {
        try checkDepth(depth, at: current.range)
        var (left, leftDepth) = try product(depth: depth)
        while current.kind == .plus || current.kind == .minus {
            let op: BinaryOperator = current.kind == .plus ? .add : .subtract
            try advance()
            let (right, rightDepth) = try product(depth: depth)
            left = .binary(op, left, right, left.range.lowerBound..<right.range.upperBound)
            leftDepth = max(leftDepth, rightDepth) + 1
            try checkDepth(leftDepth, at: left.range)
        }
        return (left, leftDepth)
    }

    mutating func product(depth: Int) throws(ValueError) -> (node: ExpressionNode, depth: Int) {
        var (left, leftDepth) = try unary(depth: depth)
        while current.kind == .star || current.kind == .slash {
            let op: BinaryOperator = current.kind == .star ? .multiply : .divide
            try advance()
            let (right, rightDepth) = try unary(depth: depth)
            left = .binary(op, left, right, left.range.lowerBound..<right.range.upperBound)
            leftDepth = max(leftDepth, rightDepth) + 1
            try checkDepth(leftDepth, at: left.range)
        }
        return (left, leftDepth)
    }

    mutating func unary(depth: Int) throws(ValueError) -> (node: ExpressionNode, depth: Int) {
        guard current.kind == .minus else { return try atom(depth: depth) }
        let start = current.range.lowerBound
        try advance()
        let (operand, operandDepth) = try atom(depth: depth)
        return (.negate(operand, start..<operand.range.upperBound), operandDepth + 1)
    }

    mutating func atom(depth: Int) throws(ValueError) -> (node: ExpressionNode, depth: Int) {
        (try atomNode(depth: depth + 1), depth + 1)
    }

    /// An atom; `depth` is the depth its subexpressions start at.
    mutating func atomNode(depth: Int) throws(ValueError) -> ExpressionNode {
        let token = current
        switch token.kind {
        case .number(let number):
            try advance()
            return .literal(TypedValue(.number(number)), token.range)
        case .dimension(let dimension):
            try advance()
            return .literal(TypedValue(.dimension(dimension)), token.range)
        case .duration(let duration):
            try advance()
            return .literal(TypedValue(.duration(duration)), token.range)
        case .color(let color):
            try advance()
            return .literal(TypedValue(.color(color)), token.range)
        case .string(let string):
            try advance()
            return .literal(TypedValue(.string(string)), token.range)
        case .reference(let path):
            if seenReferences.insert(path).inserted { references.append(path) }
            try advance()
            return .reference(path, token.range)
        case .leftParen:
            try advance()
            let inner = try sum(depth: depth).node
            guard current.kind == .rightParen else {
                throw source.error(.invalidExpression, at: current.range, "expected ')' to close the '(' at column \(source.column(of: token.range.lowerBound)), found \(describe(current))")
            }
            let end = current.range.upperBound
            try advance()
            return rewrap(inner, range: token.range.lowerBound..<end)
        case .identifier(let name):
            if lexer.peekByte() == UInt8(ascii: "(") { return try call(name, start: token.range.lowerBound, depth: depth) }
            guard let color = NamedColors.color(named: name) else {
                throw source.error(.invalidExpression, at: token.range, "unknown name '\(name)': not a colour name (functions are called with parentheses)")
            }
            try advance()
            return .literal(TypedValue(.color(color)), token.range)
        default:
            throw source.error(.invalidExpression, at: token.range, "expected a value, found \(describe(token))")
        }
    }

    mutating func call(_ name: String, start: Int, depth: Int) throws(ValueError) -> ExpressionNode {
        if Self.colorFunctions.contains(name.lowercased()) {
            let end = try lexer.skipBalancedParentheses()
            let text = source.slice(start..<end)
            switch ColorNotation.read(text) {
            case .value(let color):
                try advance()
                return .literal(TypedValue(.color(color)), start..<end)
            case .malformed(let message, let code):
                throw source.error(code, at: start..<end, message)
            case .notLiteral:
                throw source.error(.invalidExpression, at: start..<end, "'\(text)' is not a colour")
            }
        }
        guard let function = ExpressionFunctions.table[name] else {
            let known = (ExpressionFunctions.all + ExpressionFunctions.tokensStudio).map(\.name).joined(separator: ", ")
            throw source.error(.unknownFunction, at: start..<start + name.utf8.count, "unknown function '\(name)' (known: \(known))")
        }
        try advance()  // the identifier; current is now "("
        try advance()  // "("
        var arguments = [try sum(depth: depth).node]
        while current.kind == .comma {
            try advance()
            arguments.append(try sum(depth: depth).node)
        }
        guard current.kind == .rightParen else {
            throw source.error(.invalidExpression, at: current.range, "expected ',' or ')' in the arguments of \(name)(…), found \(describe(current))")
        }
        let end = current.range.upperBound
        try advance()
        guard function.arity.contains(arguments.count) else {
            let expected = function.arity.upperBound == Int.max ? "at least \(function.arity.lowerBound)" :
                function.arity.count == 1 ? "\(function.arity.lowerBound)" : "\(function.arity.lowerBound) or \(function.arity.upperBound)"
            throw source.error(.invalidExpression, at: start..<end, "\(function.signature) takes \(expected) argument\(expected == "1" ? "" : "s"), found \(arguments.count)")
        }
        return .call(name, arguments, start..<end)
    }

    /// A parenthesised node keeps its parentheses in its range.
    func rewrap(_ node: ExpressionNode, range: Range<Int>) -> ExpressionNode {
        switch node {
        case .literal(let value, _): .literal(value, range)
        case .reference(let path, _): .reference(path, range)
        case .negate(let inner, _): .negate(inner, range)
        case .binary(let op, let left, let right, _): .binary(op, left, right, range)
        case .call(let name, let arguments, _): .call(name, arguments, range)
        }
    }

    func describe(_ token: ExpressionToken) -> String {
        token.kind == .end ? "the end of the expression" : "'\(source.slice(token.range))'"
    }
}
