/// Livery's two opaque text types (docs/skins.md, "What tool exports may contain",
/// `opaque-form`): a CSS shorthand of 2 to 4 lengths (`"{dimension.sm} {dimension.xl}"`) and a
/// CSS gradient (`linear-gradient(180deg, {colors.black} 0%, …)`), values no DTCG type holds. The
/// token keeps its text, each `{reference}` in it replaced by the CSS text of the referenced
/// value, and is typed with one of these names in every output, so a typed client never reads
/// `"8px 32px"` as a dimension or a gradient's text as a colour.
///
/// The import pre-pass (`Import/`) gives a tool's token one of these types; `format=dtcg` writes
/// it, so a republished output reads the same.
enum OpaqueText {
    static let shorthandType = "css-shorthand"
    static let gradientType = "css-gradient"

    /// Whether an opaque token of this type name holds such a text, whose references resolve.
    static func isTemplate(_ opaqueTypeName: String) -> Bool {
        opaqueTypeName == shorthandType || opaqueTypeName == gradientType
    }

    /// CSS's `rgba()` written around a reference, `rgba({path}, alpha)`, as the `alpha({path}, alpha)`
    /// expression it means, the alpha a number, a percentage or a reference; nil for any other text.
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

    /// An amount as tools write one (an `rgba` alpha, a colour modifier's `value`), as expression
    /// text: a number, a percentage (`15%` → `0.15`) or a `{reference}`; nil for anything else.
    static func operand(_ text: Substring) -> String? {
        let trimmed = text.trimmingASCIIWhitespace()
        if TokenPath.exactAlias(String(trimmed)) != nil { return String(trimmed) }
        if trimmed.hasSuffix("%"), let percent = NotationNumber.parse(trimmed.dropLast()) { return NotationNumber.describe(percent / 100) }
        return NotationNumber.parse(trimmed).map(NotationNumber.describe)
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
