/// Tokens Studio's text forms under DTCG types (docs/skins.md, "What tool exports may contain"), as its sd-transforms writes them
/// (`test/integration/tokens/w3c-spec-compliance.tokens.json`): a multi-value spacing
/// `"{dimension.sm} {dimension.xl}"` (2 to 4 lengths, a CSS shorthand) and a CSS gradient
/// `linear-gradient(180deg, {colors.black} 0%, …)`, which DTCG cannot hold, so the token becomes
/// one of ``OpaqueText``'s types. Only these shapes: `"4px 8px 2px 1px 0"` stays an error.
enum TokensStudioText {
    /// `{a} {b}`, `8px 16px`, `{a} 0 {b}`: 2 to 4 parts, each a reference or a length.
    static func isShorthand(_ text: String) -> Bool {
        // Most dimensions are one word: no split (and no allocation) for them.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return false }
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard (2...4).contains(parts.count) else { return false }
        return parts.allSatisfy { part in
            if TokenPath.exactAlias(String(part)) != nil { return true }
            if case .value = MeasureNotation.dimension(String(part)) { return true }
            return NotationNumber.parse(part) == 0
        }
    }

    /// A CSS gradient function: `linear-gradient(…)`, `radial-gradient(…)`, `conic-gradient(…)`.
    static func isGradient(_ text: String) -> Bool {
        let trimmed = text.trimmingASCIIWhitespace()
        let functions = ["linear-gradient(", "radial-gradient(", "conic-gradient(", "repeating-linear-gradient(", "repeating-radial-gradient("]
        return trimmed.hasSuffix(")") && functions.contains { trimmed.hasPrefix($0) }
    }
}
