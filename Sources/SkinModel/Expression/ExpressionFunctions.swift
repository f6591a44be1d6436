/// The function table of docs/skins.md, "References and expressions", looked up by exact (case-sensitive) name.
///
/// `round(value)` rounds to the nearest whole number in the value's own unit, halves
/// away from zero (`15.5px` → `16px`, `1.5rem` → `2rem`, `-2.5` → `-3`); `round(value, step)`
/// rounds to the nearest multiple of `step` (`round(1.26rem, 0.25)` → `1.25rem`).
enum ExpressionFunctions {
    static let all: [ExpressionFunction] = [
        // lighten/darken/mix in sRGB (WolfCore's, docs/skins.md, "References and expressions") or in the optional space of Tokens
        // Studio's colour modifiers (docs/skins.md, "What tool exports may contain"): ModifierSpace does both.
        ExpressionFunction(name: "lighten", signature: "lighten(color, amount, space?)", arity: 2...3, resultType: { _ in .color }) {
            arguments throws(ValueError) in
            let (color, amount) = (try arguments.color(0), try arguments.fraction(1))
            return TypedValue(.color(try arguments.modifierSpace(2).lighten(color, by: amount)))
        },
        ExpressionFunction(name: "darken", signature: "darken(color, amount, space?)", arity: 2...3, resultType: { _ in .color }) {
            arguments throws(ValueError) in
            let (color, amount) = (try arguments.color(0), try arguments.fraction(1))
            return TypedValue(.color(try arguments.modifierSpace(2).darken(color, by: amount)))
        },
        ExpressionFunction(name: "mix", signature: "mix(color, color, t, space?)", arity: 3...4, resultType: { _ in .color }) {
            arguments throws(ValueError) in
            let (a, b, t) = (try arguments.color(0), try arguments.color(1), try arguments.fraction(2))
            return TypedValue(.color(try arguments.modifierSpace(3).mix(a, b, at: t)))
        },
        ExpressionFunction(name: "alpha", signature: "alpha(color, alpha)", arity: 2...2, resultType: { _ in .color }) {
            arguments throws(ValueError) in
            var color = try arguments.color(0)
            color.alpha = try arguments.fraction(1)
            return TypedValue(.color(color))
        },
        ExpressionFunction(name: "contrast", signature: "contrast(background, candidate, …)", arity: 2...Int.max, resultType: { _ in .color }) {
            arguments throws(ValueError) in
            let background = try arguments.color(0)
            var best = try arguments.color(1)
            var bestRatio = best.contrastRatio(with: background)
            for index in 2..<arguments.count {
                let candidate = try arguments.color(index)
                let ratio = candidate.contrastRatio(with: background)
                if ratio > bestRatio {  // strictly greater: the first candidate wins ties
                    best = candidate
                    bestRatio = ratio
                }
            }
            return TypedValue(.color(best))
        },
        ExpressionFunction(name: "withColor", signature: "withColor(typography, color)", arity: 2...2, resultType: { _ in .typography }) {
            arguments throws(ValueError) in
            var typography = try arguments.typography(0)
            typography.color = try arguments.color(1)
            return TypedValue(.typography(typography))
        },
        ExpressionFunction(name: "withSize", signature: "withSize(typography, dimension)", arity: 2...2, resultType: { _ in .typography }) {
            arguments throws(ValueError) in
            var typography = try arguments.typography(0)
            typography.fontSize = try arguments.dimension(1)
            return TypedValue(.typography(typography))
        },
        ExpressionFunction(name: "scale", signature: "scale(value, factor)", arity: 2...2, resultType: { $0[0] == .fontWeight ? .number : $0[0] }) {
            arguments throws(ValueError) in
            let (measure, factor) = (try arguments.measure(0), try arguments.number(1))
            return try finite(measure.with(measure.magnitude * factor), arguments)
        },
        ExpressionFunction(name: "min", signature: "min(value, …)", arity: 1...Int.max, resultType: { $0[0] == .fontWeight ? .number : $0[0] }) {
            arguments throws(ValueError) in try extreme(arguments, keepFirst: <)
        },
        ExpressionFunction(name: "max", signature: "max(value, …)", arity: 1...Int.max, resultType: { $0[0] == .fontWeight ? .number : $0[0] }) {
            arguments throws(ValueError) in try extreme(arguments, keepFirst: >)
        },
        ExpressionFunction(name: "round", signature: "round(value[, step])", arity: 1...2, resultType: { $0[0] == .fontWeight ? .number : $0[0] }) {
            arguments throws(ValueError) in
            let measure = try arguments.measure(0)
            let step = arguments.count == 2 ? try arguments.number(1) : 1
            guard step > 0 else { throw arguments.fail(1, "must be greater than 0, got \(NotationNumber.describe(step))", code: .invalidValue) }
            return try finite(measure.with(roundToStep(measure.magnitude, step)), arguments)
        },
    ]

    static let table: [String: ExpressionFunction] = Dictionary(uniqueKeysWithValues: (all + tokensStudio).map { ($0.name, $0) })

    /// `min`/`max`: every argument the same kind and unit as the first.
    static func extreme(_ arguments: FunctionArguments, keepFirst: (Double, Double) -> Bool) throws(ValueError) -> TypedValue {
        var best = try arguments.measure(0)
        for index in 1..<arguments.count {
            let candidate = try arguments.measure(index)
            guard candidate.isCompatible(with: best) else {
                throw arguments.fail(index, "must have the kind and unit of argument 1 (\(best.typedValue)), got \(arguments.values[index])")
            }
            if keepFirst(candidate.magnitude, best.magnitude) { best = candidate }
        }
        return best.typedValue
    }

    /// Rounds to a multiple of `step`, dividing by the step's inverse when that is whole so
    /// that `round(1.26, 0.1)` gives `1.3`, not `1.3000000000000003`.
    static func roundToStep(_ value: Double, _ step: Double) -> Double {
        let multiples = (value / step).rounded(.toNearestOrAwayFromZero)
        let inverse = 1 / step
        if inverse.rounded() == inverse { return multiples / inverse }
        return multiples * step
    }

    static func finite(_ measure: Measure, _ arguments: FunctionArguments) throws(ValueError) -> TypedValue {
        guard measure.magnitude.isFinite else {
            throw arguments.source.error(.invalidValue, at: arguments.ranges[0].lowerBound..<arguments.ranges[arguments.count - 1].upperBound, "\(arguments.function.name)(…) overflows")
        }
        return measure.typedValue
    }
}
