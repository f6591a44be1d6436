/// Primer's own token members (docs/skins.md "Primer's alpha and mix"): a colour token's `alpha`
/// (`"alpha": 0.7` beside `$value`, Primer's translucent borders and backgrounds) and `mix`
/// (`"mix": {"color": "{base.color.black}", "weight": 0.2}`) are applied as Primer's own build
/// applies them (primer/primitives `colorToRgbAlpha`, `colorToHexMix`): the mix first, with the
/// weight the share of the mixed-in colour, then the alpha replaces the colour's own. Both become
/// Livery's `mix()` and `alpha()` expressions in the token's `$value`, warning `mapped-type`, so
/// references resolve and a token that references such a token gets the translucent colour, as in
/// Primer's CSS. The applied members are removed, so `format=dtcg`, which writes the resulting
/// colour, does not apply them twice when it is published again.
///
/// On a token that is not a colour they mean nothing: they stay, and the reader keeps them as
/// members no DTCG token has (`ignored-member`).
enum PrimerMembers {
    static let names = ["alpha", "mix"]

    /// Applies the token's `mix` and `alpha`, when it is a colour (`type`: its own `$type`, else
    /// its group's). A malformed member on a colour token is an error; both members are then
    /// dropped, so nothing else is said about them.
    static func apply(to token: inout JSONObject, type: TokenType?, at location: String, problems: inout SkinProblems) {
        guard names.contains(where: { token[$0] != nil }), type == .color, let value = token["$value"],
            var expression = colorOperand(value)
        else { return }
        func refuse(_ message: String) {
            problems.add(.error(.invalidValue, at: location, message))
            for name in names { token[name] = nil }
        }
        if let mix = token["mix"] {
            guard case .object(let members) = mix, case .number(let weight)? = members["weight"], (0...1).contains(weight) else {
                return refuse("Primer's mix \(JSONDescription.describe(mix)) needs a weight in 0…1 (and a color)")
            }
            // primer/primitives: `mix(value, mix.color || value, mix.weight || 0)`.
            let other = members["color"].flatMap(colorOperand) ?? expression
            expression = "mix(\(expression), \(other), \(NotationNumber.describe(weight)))"
            token["mix"] = nil
            problems.add(.warning(.mappedType, at: location, "Primer's mix applied as \(expression)", detail: "Primer mix → mix()"))
        }
        if let alpha = token["alpha"] {
            guard case .number(let amount) = alpha, (0...1).contains(amount) else {
                return refuse("Primer's alpha \(JSONDescription.describe(alpha)) is not a number in 0…1")
            }
            expression = "alpha(\(expression), \(NotationNumber.describe(amount)))"
            token["alpha"] = nil
            problems.add(.warning(.mappedType, at: location, "Primer's alpha applied as \(expression)", detail: "Primer alpha → alpha()"))
        }
        token["$value"] = .string(expression)
    }

    /// A colour `$value` as an expression operand: text as ``ExpressionOperand`` writes it, a
    /// colour object as its hex; nil for anything else (its reading then reports the problem).
    static func colorOperand(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text):
            return ExpressionOperand.text(text)
        case .object(let object):
            guard case .value(let read) = ColorNotation.read(object: object) else { return nil }
            return read.color.hexString
        default:
            return nil
        }
    }
}
