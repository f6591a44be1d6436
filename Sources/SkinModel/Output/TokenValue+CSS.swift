/// How resolved values appear in the CSS form of a resolved document (docs/api.md, "Reading skins", `format=css`).
///
/// Every value becomes the CSS value it denotes, so that `var(--…)` can be used where CSS
/// expects it: colours as hex (`#3366ff`, `#3366ff80` with alpha), lengths and times with
/// their unit, a shadow as a `box-shadow` value, a border as the `border` shorthand, a
/// gradient as `linear-gradient(…)`, a transition as a `transition` value without the
/// property name. Typography is not one value in CSS: the writer expands it into one
/// property per member (`typographyMembers`).
extension TokenValue {
    /// The CSS value text. A typography gives the `font` shorthand's form (`600 17px/1.2 "Inter"`);
    /// the style sheet expands it into one property per member instead (`typographyMembers`).
    public var cssValue: String {
        switch self {
        case .color(let color): color.cssHex
        case .dimension(let dimension): dimension.css
        case .number(let number): CSSSyntax.format(number)
        case .boolean(let bool): bool ? "true" : "false"
        case .string(let string): CSSSyntax.quoted(string)
        case .duration(let duration): CSSSyntax.format(duration.value) + duration.unit.rawValue
        case .fontFamily(let family): family.css
        case .fontWeight(let weight): CSSSyntax.format(weight)
        case .cubicBezier(let points): "cubic-bezier(" + points.map(CSSSyntax.format).joined(separator: ", ") + ")"
        case .typography(let typography):
            // The `font` shorthand: [weight] size[/line-height] family.
            [typography.fontWeight.map(CSSSyntax.format), typography.fontSize.css + (typography.cssLineHeight.map { "/" + $0 } ?? ""),
             typography.fontFamily.css].compactMap { $0 }.joined(separator: " ")
        case .composite(let type, let members): Self.composite(type, members)
        case .list(.gradient, let stops):
            // DTCG gradients have no direction; CSS's default (`to bottom`) is kept implicit.
            // Positions are 0…1 in DTCG, percentages in CSS.
            "linear-gradient(" + stops.map { stop in
                guard case .composite(_, let members) = stop else { return stop.cssValue }
                let position = members["position"].flatMap { if case .number(let n) = $0 { n } else { nil } }
                return [members["color"]?.cssValue, position.map { CSSSyntax.format($0 * 100) + "%" }].compactMap { $0 }.joined(separator: " ")
            }.joined(separator: ", ") + ")"
        case .list(_, let elements): elements.map(\.cssValue).joined(separator: ", ")
        case .asset(let asset): "url(" + CSSSyntax.quoted(asset.url) + ")"
        // An opaque value (docs/skins.md, "What tool exports may contain") has no CSS meaning: its text, or its JSON, as a string.
        case .opaque(_, .string(let text)): CSSSyntax.quoted(text)
        case .opaque(_, let json): CSSSyntax.quoted(String(decoding: CanonicalJSON.encode(json), as: UTF8.self))
        }
    }

    /// Typography as one `(member, value)` per CSS property it sets, in a fixed order; the
    /// member names are CSS property names (`font-family`, …, `text-transform` for `textCase`).
    public var typographyMembers: [(name: String, value: String)]? {
        guard case .typography(let typography) = self else { return nil }
        var members: [(String, String)] = [("font-family", typography.fontFamily.css), ("font-size", typography.fontSize.css)]
        if let weight = typography.fontWeight { members.append(("font-weight", CSSSyntax.format(weight))) }
        if let lineHeight = typography.cssLineHeight { members.append(("line-height", lineHeight)) }
        if let spacing = typography.letterSpacing { members.append(("letter-spacing", spacing.css)) }
        if let color = typography.color { members.append(("color", color.cssHex)) }
        if let textCase = typography.textCase { members.append(("text-transform", textCase.rawValue)) }
        return members
    }

    private static func composite(_ type: TokenType, _ members: [String: TokenValue]) -> String {
        func css(_ name: String) -> String? { members[name]?.cssValue }
        switch type {
        case .shadow:
            // box-shadow: [inset] offset-x offset-y blur spread color
            let inset = members["inset"] == .boolean(true) ? "inset" : nil
            return [inset, css("offsetX"), css("offsetY"), css("blur"), css("spread"), css("color")].compactMap { $0 }.joined(separator: " ")
        case .border:
            // The `border` shorthand: width style color.
            return [css("width"), members["style"].map(Self.lineStyle), css("color")].compactMap { $0 }.joined(separator: " ")
        case .strokeStyle:
            return lineStyle(.composite(type, members))
        case .transition:
            // A `transition` value without the property: duration timing-function delay.
            return [css("duration"), css("timingFunction"), css("delay")].compactMap { $0 }.joined(separator: " ")
        default:
            return members.sorted { $0.key < $1.key }.map { $0.value.cssValue }.joined(separator: " ")
        }
    }

    /// A DTCG stroke style as a CSS `border-style`: keywords are CSS's own; a dash pattern
    /// (`{dashArray, lineCap}`) has no CSS equivalent and becomes `dashed`.
    private static func lineStyle(_ value: TokenValue) -> String {
        switch value {
        case .string(let keyword): keyword
        default: "dashed"
        }
    }
}

extension RGBAColor {
    /// `#rrggbb` when opaque, else `#rrggbbaa` (CSS Color 4 hex notation).
    public var cssHex: String {
        let hex = hexString
        return hex.hasSuffix("ff") ? String(hex.prefix(7)) : hex
    }
}

extension Dimension {
    var css: String { CSSSyntax.format(value) + (value == 0 ? "" : unit.rawValue) }
}

extension Typography {
    /// The `line-height`: the multiplier, or a line height kept as a length because it is in
    /// another unit than the font size (docs/skins.md "Typography").
    var cssLineHeight: String? {
        if let lineHeight { return CSSSyntax.format(lineHeight) }
        if case .dimension(let length)? = extra["lineHeight"] { return length.css }
        return nil
    }
}
