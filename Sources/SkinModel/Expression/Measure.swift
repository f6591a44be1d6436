/// The arithmetic view of a value: a plain number, or a quantity with a unit.
///
/// Arithmetic (docs/skins.md, "References and expressions") works on numbers, dimensions and durations alike; this is
/// the common shape the operators and `scale`/`min`/`max`/`round` compute with.
/// A font weight counts as a number.
enum Measure: Equatable {
    case number(Double)
    case dimension(Double, DimensionUnit)
    case duration(Double, DurationUnit)

    init?(_ value: TypedValue) {
        switch value.value {
        case .number(let number), .fontWeight(let number): self = .number(number)
        case .dimension(let dimension): self = .dimension(dimension.value, dimension.unit)
        case .duration(let duration): self = .duration(duration.value, duration.unit)
        default: return nil
        }
    }

    var magnitude: Double {
        switch self {
        case .number(let value), .dimension(let value, _), .duration(let value, _): value
        }
    }

    /// The same kind and unit with another magnitude.
    func with(_ magnitude: Double) -> Measure {
        switch self {
        case .number: .number(magnitude)
        case .dimension(_, let unit): .dimension(magnitude, unit)
        case .duration(_, let unit): .duration(magnitude, unit)
        }
    }

    /// Whether two measures can be added, compared or mixed: same kind, same unit.
    func isCompatible(with other: Measure) -> Bool {
        switch (self, other) {
        case (.number, .number): true
        case (.dimension(_, let a), .dimension(_, let b)): a == b
        case (.duration(_, let a), .duration(_, let b)): a == b
        default: false
        }
    }

    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }

    var typedValue: TypedValue {
        switch self {
        case .number(let value): TypedValue(.number(value))
        case .dimension(let value, let unit): TypedValue(.dimension(Dimension(value, unit)))
        case .duration(let value, let unit): TypedValue(.duration(DurationValue(value, unit)))
        }
    }
}
