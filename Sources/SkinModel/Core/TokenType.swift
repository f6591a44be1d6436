/// The `$type` of a design token (docs/skins.md, "Types and the notations Livery reads"): the DTCG types plus Livery's `asset`, and
/// `opaque` for a type no tool-export mapping knows (docs/skins.md, "What tool exports may contain": Figma's `unknown`, …), whose
/// value is kept verbatim and whose outputs carry the type name as the document gave it.
public enum TokenType: String, Sendable, Hashable, CaseIterable, Codable {
    case color
    case dimension
    case number
    case boolean
    case string
    case duration
    case fontFamily
    case fontWeight
    case cubicBezier
    case typography
    case shadow
    case border
    case strokeStyle
    case gradient
    case transition
    case asset
    case opaque
}
