/// Tokens Studio's text forms under DTCG types (docs/skins.md, "What tool exports may contain"), as its sd-transforms writes and reads
/// them (`test/integration/tokens/w3c-spec-compliance.tokens.json`):
///
/// - `rgba({colors.blue}, 50%)`: the referenced colour with that alpha, which is Livery's
///   `alpha({colors.blue}, 0.5)` (`mapped-type`);
/// - a multi-value spacing `"{dimension.sm} {dimension.xl}"` (2 to 4 lengths, a CSS shorthand) and
///   a CSS gradient `linear-gradient(180deg, {colors.black} 0%, …)`: DTCG has no equivalent (a
///   dimension is one length; a DTCG gradient has no angle), so the token is opaque, its text kept
///   with each reference replaced by the CSS text of its value (`opaque-form`).
///
/// Only these shapes: `"banana"` as a colour, or `"4px 8px 2px 1px 0"`, stays an error.
enum TokensStudioText {
    /// The opaque type names these tokens carry in every output: not DTCG type names, so a typed
    /// client never reads `"8px 32px"` as a dimension or a gradient's text as a colour.
    static let shorthandType = "css-shorthand"
    static let gradientType = "css-gradient"

    /// Whether an opaque token of this type name holds one of these texts, whose references resolve.
    static func isTextForm(_ opaqueTypeName: String) -> Bool {
        opaqueTypeName == shorthandType || opaqueTypeName == gradientType
    }

    /// `rgba({path}, alpha)` → `alpha({path}, alpha)`, the alpha a number, a percentage or a
    /// reference; nil for any other text.
    static func alphaExpression(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return nil }  // the common case, cheaply
        let trimmed = text.trimmingASCIIWhitespace()
        guard trimmed.hasPrefix("rgba("), trimmed.hasSuffix(")") else { return nil }
        let arguments = trimmed.dropFirst(5).dropLast().split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingASCIIWhitespace() }
        guard arguments.count == 2, let path = TokenPath.exactAlias(String(arguments[0])),
            let alpha = operand(arguments[1])
        else { return nil }
        return "alpha({\(path)}, \(alpha))"
    }

    /// An amount as Tokens Studio writes one (an `rgba` alpha, a modifier's `value`), as expression
    /// text: a number, a percentage (`15%` → `0.15`) or a `{reference}`; nil for anything else.
    static func operand(_ text: Substring) -> String? {
        let trimmed = text.trimmingASCIIWhitespace()
        if TokenPath.exactAlias(String(trimmed)) != nil { return String(trimmed) }
        if trimmed.hasSuffix("%"), let percent = NotationNumber.parse(trimmed.dropLast()) { return NotationNumber.describe(percent / 100) }
        return NotationNumber.parse(trimmed).map(NotationNumber.describe)
    }

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

    static func colorValue(_ value: TokenValue) -> RGBAColor? {
        if case .color(let color) = value { return color }
        return nil
    }

    /// Every `{path}` in the text, in order, each once.
    static func references(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let path = String(rest[rest.index(after: open)..<close])
            if TokenPath.isValidReference(path), !found.contains(path) { found.append(path) }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    /// The text with each `rgba({path}, alpha)` replaced by the colour's CSS hex, and each other
    /// `{path}` by the CSS text of its value (`#000000`, `8px`).
    static func substituted(_ text: String, lookup: (String) -> LookupResult) throws(ValueError) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            var prefix = rest[..<open]
            let path = String(rest[rest.index(after: open)..<close])
            var after = rest[rest.index(after: close)...]
            guard TokenPath.isValidReference(path) else {
                result += rest[...close]
                rest = after
                continue
            }
            var value = try ValueReader.resolve(path, lookup: lookup).value
            // `rgba({path}, alpha)` around the reference: the colour with that alpha.
            if prefix.hasSuffix("rgba("), let end = after.firstIndex(of: ")"), case .color(var color) = value,
                let expression = alphaExpression("rgba({\(path)}" + after[...end])
            {
                color = try colorValue(ParsedExpression.parse(expression).evaluate(lookup: lookup).value) ?? color
                prefix = prefix.dropLast(5)
                value = .color(color)
                after = after[after.index(after: end)...]
            }
            result += prefix + value.cssValue
            rest = after
        }
        return result + rest
    }
}
