/// The evaluated arguments of one call, with typed accessors whose errors name the
/// function and the argument (docs/skins.md, "References and expressions": "a type error … names the token, the function
/// and the argument"; the token is the diagnostic's path).
struct FunctionArguments {
    let function: ExpressionFunction
    let values: [TypedValue]
    let ranges: [Range<Int>]
    let source: ExpressionSource

    var count: Int { values.count }

    func fail(_ index: Int, _ problem: String, code: DiagnosticCode = .expressionType) -> ValueError {
        source.error(code, at: ranges[index], "argument \(index + 1) of \(function.signature) \(problem)")
    }

    func color(_ index: Int) throws(ValueError) -> RGBAColor {
        guard case .color(let color) = values[index].value else { throw fail(index, "must be a color, got \(values[index])") }
        return color
    }

    func number(_ index: Int) throws(ValueError) -> Double {
        switch values[index].value {
        case .number(let number), .fontWeight(let number): return number
        default: throw fail(index, "must be a number, got \(values[index])")
        }
    }

    /// A number in 0…1 (amounts, blend factors, alpha).
    func fraction(_ index: Int) throws(ValueError) -> Double {
        let value = try number(index)
        guard (0...1).contains(value) else { throw fail(index, "must be in 0…1, got \(NotationNumber.describe(value))", code: .invalidValue) }
        return value
    }

    /// The optional colour space argument of `lighten`, `darken` and `mix` (Tokens Studio's
    /// modifiers, docs/skins.md, "What tool exports may contain"): `"srgb"` when absent, else one of `srgb`, `hsl`, `lch`, `p3`.
    func modifierSpace(_ index: Int) throws(ValueError) -> ModifierSpace {
        guard index < count else { return .srgb }
        guard case .string(let name) = values[index].value else { throw fail(index, "must be a colour space name such as \"lch\", got \(values[index])") }
        guard let space = ModifierSpace(rawValue: name) else {
            let known = ModifierSpace.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(index, "names the colour space '\(name)', which is not one these functions work in (\(known))", code: .unsupportedColorSpace)
        }
        return space
    }

    func typography(_ index: Int) throws(ValueError) -> Typography {
        guard case .typography(let typography) = values[index].value else { throw fail(index, "must be a typography, got \(values[index])") }
        return typography
    }

    func dimension(_ index: Int) throws(ValueError) -> Dimension {
        guard case .dimension(let dimension) = values[index].value else { throw fail(index, "must be a dimension, got \(values[index])") }
        return dimension
    }

    /// A number, dimension or duration.
    func measure(_ index: Int) throws(ValueError) -> Measure {
        guard let measure = Measure(values[index]) else { throw fail(index, "must be a number, dimension or duration, got \(values[index])") }
        return measure
    }
}
