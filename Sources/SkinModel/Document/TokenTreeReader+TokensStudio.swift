/// Tokens Studio's forms in a token's `$value` and `$extensions` (docs/skins.md, "What tool exports may contain"), read as Livery's
/// own where one exists: `rgba({ref}, a)` is `alpha({ref}, a)`, a colour modifier
/// (`$extensions["studio.tokens"].modify`) is the `lighten`/`darken`/`mix`/`alpha` it names,
/// applied in its colour space (both `mapped-type`); a multi-value spacing and a CSS gradient are
/// opaque (`opaque-form`, ``TokensStudioText``). Done while reading, so resolution sees plain
/// expressions and opaque tokens.
extension TokenTreeReader {
    /// What a token's Tokens Studio forms become: its value, its `$extensions` (without an applied
    /// modifier, so `format=dtcg`, which writes the modified colour, reads back the same), and the
    /// opaque type name when the value has no DTCG equivalent. Nil when a form is malformed (reported).
    mutating func tokensStudioForms(
        _ value: JSONValue, extensions: JSONValue?, type: TokenType?, at location: String
    ) -> (value: JSONValue, extensions: JSONValue?, opaqueName: String?)? {
        // Text tokens and opaque ones keep their text as written: `rgba(…)` is a colour only where one can be.
        var value = type == .string || type == .opaque || type == .fontFamily ? value : rewritingRGBA(value, at: location)
        if case .string(let text) = value {
            if type == .dimension, TokensStudioText.isShorthand(text) {
                problems.add(.warning(.opaqueForm, at: location, "'\(text)' is Tokens Studio's multi-value spacing, which no DTCG dimension holds; kept as text (references resolved), typed \(OpaqueText.shorthandType)", detail: "multi-value spacing"))
                return (value, extensions, OpaqueText.shorthandType)
            }
            if type == .color, TokensStudioText.isGradient(text) {
                problems.add(.warning(.opaqueForm, at: location, "'\(text)' is a CSS gradient, which no DTCG colour or gradient holds; kept as text (references resolved), typed \(OpaqueText.gradientType)", detail: "CSS gradient"))
                return (value, extensions, OpaqueText.gradientType)
            }
        }
        guard case .object(var members)? = extensions, case .object(var studio)? = members["studio.tokens"], let modify = studio["modify"] else {
            return (value, extensions, nil)
        }
        guard let expression = modifierExpression(modify, base: value, at: location) else { return nil }
        value = .string(expression)
        studio["modify"] = nil
        members["studio.tokens"] = studio.isEmpty ? nil : .object(studio)
        return (value, members.isEmpty ? nil : .object(members), nil)
    }

    /// Every whole-string `rgba({ref}, a)` inside a value (composites included) as `alpha({ref}, a)`.
    mutating func rewritingRGBA(_ value: JSONValue, at location: String) -> JSONValue {
        switch value {
        case .string(let text):
            guard let expression = OpaqueText.alphaExpression(text) else { return value }
            problems.add(.warning(.mappedType, at: location, "Tokens Studio's '\(text)' read as '\(expression)'", detail: "rgba(colour, alpha) → alpha(colour, alpha)"))
            return .string(expression)
        case .object(let object):
            var result = JSONObject()
            for (key, member) in object.members { result[key] = rewritingRGBA(member, at: location) }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { rewritingRGBA($0, at: location) })
        default:
            return value
        }
    }

    /// `{"type": "darken", "value": "0.15", "space": "lch"}` on `{blue.600}` →
    /// `darken({blue.600}, 0.15, "lch")`; nil, with an error, for a modifier Livery cannot apply
    /// as Tokens Studio does (never silently ignored).
    mutating func modifierExpression(_ raw: JSONValue, base: JSONValue, at location: String) -> String? {
        func refuse(_ code: DiagnosticCode, _ message: String) -> String? {
            problems.add(.error(code, at: location, "Tokens Studio colour modifier: \(message)"))
            return nil
        }
        guard case .object(let modify) = raw else { return refuse(.invalidValue, "modify must be an object, found \(JSONDescription.describe(raw))") }
        guard case .string(let baseText) = base else {
            return refuse(.invalidValue, "it applies to a $value written as text (a colour, {reference} or expression), found \(JSONDescription.describe(base))")
        }
        let color = TokenPath.exactAlias(baseText) != nil ? baseText : "(\(baseText))"
        guard case .string(let kind)? = modify["type"], ["lighten", "darken", "mix", "alpha"].contains(kind) else {
            return refuse(.invalidValue, "type \(modify["type"].map(JSONDescription.describe) ?? "none") is not lighten, darken, mix or alpha")
        }
        guard let amount = Self.modifierOperand(modify["value"]) else {
            return refuse(.invalidValue, "value \(modify["value"].map(JSONDescription.describe) ?? "none") is not a number, a percentage or a {reference}")
        }
        var space = "srgb"
        if kind != "alpha" {
            guard case .string(let name)? = modify["space"] else { return refuse(.invalidValue, "\(kind) needs a space (srgb, hsl, lch or p3)") }
            guard ModifierSpace(rawValue: name) != nil else {
                return refuse(.unsupportedColorSpace, "space '\(name)' is not one Tokens Studio's modifiers use (srgb, hsl, lch, p3)")
            }
            space = name
        }
        let expression: String
        switch kind {
        case "mix":
            guard case .string(let other)? = modify["color"] else { return refuse(.invalidValue, "mix needs a color, found \(modify["color"].map(JSONDescription.describe) ?? "none")") }
            let otherText = OpaqueText.alphaExpression(other) ?? other
            expression = "mix(\(color), (\(otherText)), \(amount), \"\(space)\")"
        case "alpha": expression = "alpha(\(color), \(amount))"
        default: expression = "\(kind)(\(color), \(amount), \"\(space)\")"
        }
        let detail = kind == "alpha" ? "studio.tokens modify → alpha" : "studio.tokens modify → \(kind) in \(space)"
        problems.add(.warning(.mappedType, at: location, "Tokens Studio's colour modifier applied as \(expression)", detail: detail))
        return expression
    }

    /// A modifier's amount as expression text: a number, a numeric or percentage string, or a
    /// reference (`"0.15"`, `15`, `"15%"`, `"{opacity.hover}"`).
    static func modifierOperand(_ raw: JSONValue?) -> String? {
        switch raw {
        case .number(let number)?: return NotationNumber.describe(number)
        case .string(let text)?: return OpaqueText.operand(Substring(text))
        default: return nil
        }
    }
}
