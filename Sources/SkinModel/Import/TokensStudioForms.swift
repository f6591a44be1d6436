/// Tokens Studio's forms in a token's `$value` and `$extensions` (docs/skins.md, "What tool
/// exports may contain"), as its sd-transforms writes and reads them
/// (`test/integration/tokens/w3c-spec-compliance.tokens.json`), rewritten as Livery's own:
///
/// - `rgba({colors.blue}, 50%)`: the referenced colour with that alpha, Livery's
///   `alpha({colors.blue}, 0.5)` (`mapped-type`), wherever it is a whole string of the value;
/// - a colour modifier (`$extensions["studio.tokens"].modify`): the `lighten`/`darken`/`mix`/`alpha`
///   it names, applied in its colour space (`mapped-type`), the applied modifier removed so that
///   `format=dtcg`, which writes the modified colour, reads back the same;
/// - a multi-value spacing `"{dimension.sm} {dimension.xl}"` (2 to 4 lengths, a CSS shorthand) and
///   a CSS gradient `linear-gradient(180deg, {colors.black} 0%, …)`: DTCG has no equivalent (a
///   dimension is one length; a DTCG gradient has no angle), so the token becomes an opaque text
///   (`opaque-form`): its `$type` is ``OpaqueText``'s, whose references the reader resolves.
///
/// Only these shapes: `"banana"` as a colour, or `"4px 8px 2px 1px 0"`, stays an error.
/// Tokens Studio's math in values (`floor`, `pow`, … and unitless pixels) is the expression
/// language's, read where values are evaluated.
enum TokensStudioForms {
    /// Rewrites the token's forms; `type` is the token's (its own `$type`, else its group's).
    /// A malformed modifier is an error (never silently ignored) and leaves the token as written.
    static func apply(to token: inout JSONObject, type: TokenType?, at location: String, problems: inout SkinProblems) {
        guard var value = token["$value"] else { return }
        // Text tokens and opaque ones keep their text as written: `rgba(…)` is a colour only where one can be.
        if type != .string, type != .opaque, type != .fontFamily {
            value = rewritingRGBA(value, at: location, problems: &problems)
            token["$value"] = value
        }
        if case .string(let text) = value, let form = opaqueForm(text, type: type) {
            // The token's own `$type` gives way to the opaque one; what reading it would have said is said here.
            if let declared = token["$type"] {
                guard case .string(let name) = declared, !name.isEmpty else { return }  // the reader refuses it
                if let (code, message, detail) = DeclaredType.warning(for: name) { problems.add(.warning(code, at: location, message, detail: detail)) }
            }
            problems.add(.warning(.opaqueForm, at: location, form.message, detail: form.detail))
            token["$type"] = .string(form.typeName)
            return
        }
        guard case .object(var members)? = token["$extensions"], case .object(var studio)? = members["studio.tokens"], let modify = studio["modify"] else {
            return
        }
        guard let expression = modifierExpression(modify, base: value, at: location, problems: &problems) else { return }
        token["$value"] = .string(expression)
        studio["modify"] = nil
        members["studio.tokens"] = studio.isEmpty ? nil : .object(studio)
        token["$extensions"] = members.isEmpty ? nil : .object(members)
    }

    /// The opaque text form a value is under its type, if any.
    static func opaqueForm(_ text: String, type: TokenType?) -> (typeName: String, message: String, detail: String)? {
        if type == .dimension, isShorthand(text) {
            return (OpaqueText.shorthandType, "'\(text)' is Tokens Studio's multi-value spacing, which no DTCG dimension holds; kept as text (references resolved), typed \(OpaqueText.shorthandType)", "multi-value spacing")
        }
        if type == .color, isGradient(text) {
            return (OpaqueText.gradientType, "'\(text)' is a CSS gradient, which no DTCG colour or gradient holds; kept as text (references resolved), typed \(OpaqueText.gradientType)", "CSS gradient")
        }
        return nil
    }

    /// Every whole-string `rgba({ref}, a)` inside a value (composites included) as `alpha({ref}, a)`.
    static func rewritingRGBA(_ value: JSONValue, at location: String, problems: inout SkinProblems) -> JSONValue {
        switch value {
        case .string(let text):
            guard let expression = OpaqueText.alphaExpression(text) else { return value }
            problems.add(.warning(.mappedType, at: location, "Tokens Studio's '\(text)' read as '\(expression)'", detail: "rgba(colour, alpha) → alpha(colour, alpha)"))
            return .string(expression)
        case .object(let object):
            var result = JSONObject()
            for (key, member) in object.members { result[key] = rewritingRGBA(member, at: location, problems: &problems) }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { rewritingRGBA($0, at: location, problems: &problems) })
        default:
            return value
        }
    }

    /// `{"type": "darken", "value": "0.15", "space": "lch"}` on `{blue.600}` →
    /// `darken({blue.600}, 0.15, "lch")`; nil, with an error, for a modifier Livery cannot apply
    /// as Tokens Studio does (never silently ignored).
    static func modifierExpression(_ raw: JSONValue, base: JSONValue, at location: String, problems: inout SkinProblems) -> String? {
        func refuse(_ code: DiagnosticCode, _ message: String) -> String? {
            problems.add(.error(code, at: location, "Tokens Studio colour modifier: \(message)"))
            return nil
        }
        guard case .object(let modify) = raw else { return refuse(.invalidValue, "modify must be an object, found \(JSONDescription.describe(raw))") }
        guard case .string(let baseText) = base else {
            return refuse(.invalidValue, "it applies to a $value written as text (a colour, {reference} or expression), found \(JSONDescription.describe(base))")
        }
        let color = ExpressionOperand.text(baseText)
        guard case .string(let kind)? = modify["type"], ["lighten", "darken", "mix", "alpha"].contains(kind) else {
            return refuse(.invalidValue, "type \(modify["type"].map(JSONDescription.describe) ?? "none") is not lighten, darken, mix or alpha")
        }
        guard let amount = modifierOperand(modify["value"]) else {
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
