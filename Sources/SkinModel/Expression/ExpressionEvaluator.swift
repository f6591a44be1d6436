/// Evaluates a parsed expression against resolved tokens.
///
/// Arithmetic follows docs/skins.md, "References and expressions": number with number; dimension `+`/`-` dimension of the
/// same unit; dimension `*` or `/` number, number `*` dimension; durations likewise.
/// Anything else is an `expression-type` error naming the operator and both operands.
struct ExpressionEvaluator {
    let source: ExpressionSource

    func evaluate(_ node: ExpressionNode, lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        switch node {
        case .literal(let value, _):
            return value
        case .reference(let path, let range):
            switch lookup(path) {
            case .found(let value): return value
            case .unknown: throw source.error(.unknownReference, at: range, "{\(path)} names no token")
            case .failed: throw ValueError.dependencyFailed
            }
        case .negate(let operand, let range):
            let value = try evaluate(operand, lookup: lookup)
            guard let measure = Measure(value) else {
                throw source.error(.expressionType, at: range, "cannot negate \(value): only numbers, dimensions and durations can be negative")
            }
            return measure.with(-measure.magnitude).typedValue
        case .binary(let op, let left, let right, let range):
            let lhs = try evaluate(left, lookup: lookup)
            let rhs = try evaluate(right, lookup: lookup)
            return try arithmetic(op, lhs, rhs, range: range)
        case .call(let name, let argumentNodes, _):
            let function = ExpressionFunctions.table[name]!  // the parser admits known functions only
            var values: [TypedValue] = []
            values.reserveCapacity(argumentNodes.count)
            for argument in argumentNodes { values.append(try evaluate(argument, lookup: lookup)) }
            return try function.apply(FunctionArguments(function: function, values: values, ranges: argumentNodes.map(\.range), source: source))
        }
    }

    func arithmetic(_ op: BinaryOperator, _ lhs: TypedValue, _ rhs: TypedValue, range: Range<Int>) throws(ValueError) -> TypedValue {
        func mismatch(_ why: String = "") -> ValueError {
            source.error(.expressionType, at: range, "cannot \(op.verb) \(lhs) and \(rhs)\(why)")
        }
        guard let a = Measure(lhs), let b = Measure(rhs) else { throw mismatch() }
        let result: Measure
        switch op {
        case .add, .subtract:
            guard a.isCompatible(with: b) else {
                throw mismatch(a.isNumber || b.isNumber ? "" : ": the units differ")
            }
            result = a.with(op == .add ? a.magnitude + b.magnitude : a.magnitude - b.magnitude)
        case .multiply:
            if b.isNumber {
                result = a.with(a.magnitude * b.magnitude)
            } else if a.isNumber {
                result = b.with(a.magnitude * b.magnitude)
            } else {
                throw mismatch(": one side must be a number")
            }
        case .divide:
            guard b.isNumber else { throw mismatch(": the divisor must be a number") }
            guard b.magnitude != 0 else { throw source.error(.invalidValue, at: range, "division by zero") }
            result = a.with(a.magnitude / b.magnitude)
        }
        guard result.magnitude.isFinite else { throw source.error(.invalidValue, at: range, "the result overflows") }
        return result.typedValue
    }
}
