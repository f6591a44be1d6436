/// A `$type` as a document writes it (docs/skins.md, "What tool exports may contain"): a DTCG (or Livery) type, a tool's name for
/// one, or a type nobody maps, which makes the token opaque. The tools' names and what reading
/// them says are their dialects' (`Import/ToolTypeNames.swift`); they stay names the reader
/// knows because two of them (`lineHeights`, `math`) give a type only by the value, which a
/// later layer's override or a group's token may hold where the pre-pass cannot see it.
enum DeclaredType: Sendable, Hashable {
    case known(TokenType)
    /// `lineHeights`: a number (a multiplier) or a dimension, by value.
    case lineHeights
    /// sd-transforms' `math`: a number written as text, or an expression whose result gives the type.
    case math
    /// Any other name: the value is kept verbatim, typed as written.
    case opaque(String)

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
