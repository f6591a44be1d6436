/// The math of Tokens Studio's expression library beyond docs/skins.md, "References and expressions" functions (docs/skins.md, "What tool exports may contain"):
/// `floor`, `ceil`, `abs` keep the argument's kind and unit (`floor(15.5px)` → `15px`);
/// `sqrt` and `pow` take plain numbers, since a squared length has no unit to write.
extension ExpressionFunctions {
    static let tokensStudio: [ExpressionFunction] = [
        unitPreserving("floor") { $0.rounded(.down) },
        unitPreserving("ceil") { $0.rounded(.up) },
        unitPreserving("abs") { Swift.abs($0) },
        ExpressionFunction(name: "sqrt", signature: "sqrt(number)", arity: 1...1, resultType: { _ in .number }) {
            arguments throws(ValueError) in
            let value = try arguments.number(0)
            guard value >= 0 else { throw arguments.fail(0, "must not be negative, got \(NotationNumber.describe(value))", code: .invalidValue) }
            return TypedValue(.number(Math.squareRoot(value)))
        },
        ExpressionFunction(name: "pow", signature: "pow(number, exponent)", arity: 2...2, resultType: { _ in .number }) {
            arguments throws(ValueError) in
            let (base, exponent) = (try arguments.number(0), try arguments.number(1))
            return try finite(.number(Math.power(base, exponent)), arguments)
        },
    ]

    static func unitPreserving(_ name: String, _ operation: @escaping @Sendable (Double) -> Double) -> ExpressionFunction {
        ExpressionFunction(name: name, signature: "\(name)(value)", arity: 1...1, resultType: { $0[0] == .fontWeight ? .number : $0[0] }) {
            arguments throws(ValueError) in
            let measure = try arguments.measure(0)
            return try finite(measure.with(operation(measure.magnitude)), arguments)
        }
    }
}
