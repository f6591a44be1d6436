/// A `$type` as a document writes it (docs/skins.md, "What tool exports may contain"): a DTCG (or Livery) type, a tool's name for
/// one, or a type nobody maps, which makes the token opaque.
enum DeclaredType: Sendable, Hashable {
    case known(TokenType)
    /// Tokens Studio's `lineHeights`: a number (a multiplier) or a dimension, by value.
    case lineHeights
    /// sd-transforms' `math`: a number written as text, or an expression whose result gives the type.
    case math
    /// Any other name: the value is kept verbatim, typed as written.
    case opaque(String)

    /// Tool type names and the DTCG type each means: Tokens Studio's plurals and CSS-ish
    /// names, and Style Dictionary's `size`/`fontSize`.
    static let mapped: [String: TokenType] = [
        "spacing": .dimension, "sizing": .dimension, "borderRadius": .dimension, "borderWidth": .dimension,
        "fontSizes": .dimension, "letterSpacing": .dimension, "paragraphSpacing": .dimension, "paragraphIndent": .dimension,
        "size": .dimension, "fontSize": .dimension, "dimensions": .dimension,
        "fontFamilies": .fontFamily, "fontWeights": .fontWeight, "opacity": .number, "boxShadow": .shadow,
    ]

    init(name: String) {
        if let type = TokenType(rawValue: name), type != .opaque {
            self = .known(type)
        } else if name == "lineHeights" {
            self = .lineHeights
        } else if name == "math" {
            self = .math
        } else if let type = Self.mapped[name] {
            self = .known(type)
        } else {
            self = .opaque(name)
        }
    }

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

    /// The token type for a token with this declared type and `value`, and the name an opaque token
    /// keeps; nil for a `math` expression, whose result gives the type (its group's `$type` does not).
    func resolve(for value: JSONValue) -> (TokenType, opaqueName: String?)? {
        switch self {
        case .known(let type): return (type, nil)
        case .opaque(let name): return (.opaque, name)
        case .math:
            switch value {
            case .number: return (.number, nil)
            case .string(let text) where NotationNumber.parse(text.trimmingASCIIWhitespace()) != nil: return (.number, nil)
            default: return nil
            }
        case .lineHeights:
            switch value {
            case .number: return (.number, nil)
            case .string(let text) where NotationNumber.parse(text.trimmingASCIIWhitespace()) != nil: return (.number, nil)
            default: return (.dimension, nil)
            }
        }
    }
}
