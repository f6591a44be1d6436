/// The keyword vocabularies of DTCG 2025.10: font weights (§8.4) and stroke styles (§9.2),
/// plus Livery's text cases.
enum KeywordNotation {
    /// DTCG's font-weight keywords and their numeric weights.
    static let fontWeights: [String: Double] = [
        "thin": 100, "hairline": 100,
        "extra-light": 200, "ultra-light": 200,
        "light": 300,
        "normal": 400, "regular": 400, "book": 400,
        "medium": 500,
        "semi-bold": 600, "demi-bold": 600,
        "bold": 700,
        "extra-bold": 800, "ultra-bold": 800,
        "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    /// Font weights by keyword with case, spaces, hyphens and underscores ignored, because
    /// design tools write `SemiBold`, `Semi Bold` and `semi-bold` for the same thing.
    static let fontWeightsByFoldedName: [String: Double] = Dictionary(
        uniqueKeysWithValues: fontWeights.map { (fold($0.key), $0.value) })

    static func fold(_ text: some StringProtocol) -> String {
        String(text.lowercased().filter { $0 != "-" && $0 != " " && $0 != "_" })
    }

    /// A weight keyword or a numeric string (`"600"`, as some tools export) in 1…1000.
    static func fontWeight(_ text: String) -> LiteralReading<Double> {
        let trimmed = text.trimmingASCIIWhitespace()
        if let weight = fontWeightsByFoldedName[fold(trimmed)] { return .value(weight) }
        if let number = NotationNumber.parse(trimmed) {
            return (1...1000).contains(number) ? .value(number) : .malformed("font weight \(trimmed) is outside 1…1000")
        }
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isLetter || $0 == "-" || $0 == " " || $0 == "_" }) {
            return .malformed("'\(trimmed)' is not a font weight keyword (thin, extra-light, light, regular, medium, semi-bold, bold, extra-bold, black, extra-black, …)")
        }
        return .notLiteral
    }

    /// DTCG's stroke-style keywords (CSS `<line-style>` values).
    static let strokeStyles: Set<String> = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]
    /// DTCG's `lineCap` values for object stroke styles.
    static let lineCaps: Set<String> = ["round", "butt", "square"]

    static func strokeStyle(_ text: String) -> LiteralReading<String> {
        if strokeStyles.contains(text) { return .value(text) }
        if !text.isEmpty, text.allSatisfy({ $0.isLetter || $0 == "-" }) {
            return .malformed("'\(text)' is not a stroke style (solid, dashed, dotted, double, groove, ridge, outset, inset)")
        }
        return .notLiteral
    }
}
