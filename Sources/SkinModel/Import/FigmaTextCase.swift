/// Figma's `textCase` words (docs/skins.md, "What tool exports may contain"), read where a
/// typography's `textCase` is read: the member may be an alias of a string token, whose text only
/// resolution knows, so the import pre-pass cannot rewrite it.
extension ValueReader {
    /// The words, as the refusal of any other word names them.
    static let toolTextCaseWords = "Figma's ORIGINAL, UPPER, LOWER, TITLE"

    /// Figma's `textCase` words (`ORIGINAL`, `UPPER`, `LOWER`, `TITLE`) as the case they mean,
    /// warning `mapped-type`; nil for any other word.
    mutating func toolTextCase(_ name: String) -> TextCase? {
        let mapped: TextCase? =
            switch name {
            case "ORIGINAL": TextCase.none
            case "UPPER": .uppercase
            case "LOWER": .lowercase
            case "TITLE": .capitalize
            default: nil
            }
        if let mapped {
            warnings.append(ReadingWarning(.mappedType, "Figma's textCase '\(name)' read as '\(mapped.rawValue)'", detail: "Figma textCase → CSS text case"))
        }
        return mapped
    }
}
