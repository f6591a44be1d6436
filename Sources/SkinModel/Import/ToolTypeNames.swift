/// The `$type` names tools write for DTCG types (docs/skins.md, "What tool exports may contain"):
/// Tokens Studio's plurals and CSS-ish names, Style Dictionary's `size`/`fontSize`, sd-transforms'
/// `math`, and the warning each reading deserves (`mapped-type`, or `unknown-type` for a name
/// nobody maps).
extension DeclaredType {
    /// Tool type names and the DTCG type each means: Tokens Studio's plurals and CSS-ish
    /// names, and Style Dictionary's `size`/`fontSize`.
    static let mapped: [String: TokenType] = [
        "spacing": .dimension, "sizing": .dimension, "borderRadius": .dimension, "borderWidth": .dimension,
        "fontSizes": .dimension, "letterSpacing": .dimension, "paragraphSpacing": .dimension, "paragraphIndent": .dimension,
        "size": .dimension, "fontSize": .dimension, "dimensions": .dimension,
        "fontFamilies": .fontFamily, "fontWeights": .fontWeight, "opacity": .number, "boxShadow": .shadow,
    ]

    /// The warning reading `name` deserves, if any: `mapped-type` or `unknown-type`.
    /// The detail names the kind (`spacing → dimension`), as docs/skins.md, "What tool exports may contain" groups warnings by it.
    static func warning(for name: String) -> (DiagnosticCode, String, detail: String)? {
        switch DeclaredType(name: name) {
        case .known(let type) where type.rawValue == name: nil
        case .known(let type): (.mappedType, "$type '\(name)' read as \(type.rawValue) (\(mappedFrom(name)))", "\(name) → \(type.rawValue)")
        case .lineHeights:
            (.mappedType, "$type 'lineHeights' read as number (a multiplier) or dimension, by value (Tokens Studio)", "lineHeights → number or dimension")
        case .math:
            (.mappedType, "$type 'math' (sd-transforms) read as number, or as the type its expression gives", "math → number or the expression's type")
        // Livery's own opaque text types (`OpaqueText`), which the import pass and `format=dtcg` write.
        case .opaque(let name) where OpaqueText.isTemplate(name): nil
        case .opaque: (.unknownType, "$type \"\(name)\" is not a DTCG type; the value is kept as written and typed \"\(name)\"", "\"\(name)\"")
        }
    }

    static func mappedFrom(_ name: String) -> String {
        name == "size" || name == "fontSize" ? "Style Dictionary" : "Tokens Studio"
    }
}
