/// Legacy one-string measures: `"16px"`, `"1.5rem"` (dimensions) and `"200ms"`, `"2s"` (durations).
///
/// DTCG 2025.10 writes these as `{value, unit}` objects; the string forms are what older
/// exports (and the seeds) used, so a dimension token may still say `"16px"`.
enum MeasureNotation {
    /// Splits `<number><letters>`; nil when the text does not have that shape.
    static func split(_ text: some StringProtocol) -> (number: Double, unit: Substring)? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard let unitStart = trimmed.firstIndex(where: { $0.isLetter || $0 == "%" }) else { return nil }
        let unit = trimmed[unitStart...]
        guard unit.allSatisfy({ $0.isLetter || $0 == "%" }), let number = NotationNumber.parse(trimmed[..<unitStart]) else { return nil }
        return (number, Substring(unit))
    }

    static func dimension(_ text: String) -> LiteralReading<Dimension> {
        guard let (number, unit) = split(text) else { return .notLiteral }
        guard let dimensionUnit = DimensionUnit(rawValue: String(unit)) else {
            return .malformed("'\(text)': unit '\(unit)' is not px or rem")
        }
        return .value(Dimension(number, dimensionUnit))
    }

    static func duration(_ text: String) -> LiteralReading<DurationValue> {
        guard let (number, unit) = split(text) else { return .notLiteral }
        guard let durationUnit = DurationUnit(rawValue: String(unit)) else {
            return .malformed("'\(text)': unit '\(unit)' is not ms or s")
        }
        return .value(DurationValue(number, durationUnit))
    }
}
