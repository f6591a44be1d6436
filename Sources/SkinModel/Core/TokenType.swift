/// The `$type` of a design token (SPEC §1.2): the DTCG types plus Livery's `asset`, and
/// `opaque` for a type no tool-export mapping knows (SPEC §1.8: Figma's `unknown`, …), whose
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
