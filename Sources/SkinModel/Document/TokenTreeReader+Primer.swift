/// Primer's own token members (docs/skins.md "Primer's alpha and mix"): a colour token's `alpha`
/// (`"alpha": 0.7` beside `$value`, Primer's translucent borders and backgrounds) and `mix`
/// (`"mix": {"color": "{base.color.black}", "weight": 0.2}`) are applied as Primer's own build
/// applies them (primer/primitives `colorToRgbAlpha`, `colorToHexMix`): the mix first, with the
/// weight the share of the mixed-in colour, then the alpha replaces the colour's own. Both are read
/// as Livery's `mix()` and `alpha()` expressions, warning `mapped-type`, so references resolve and
/// a token that references such a token gets the translucent colour, as in Primer's CSS.
/// On a token that is not a colour they mean nothing and stay `ignored-member`.
extension TokenTreeReader {
    static let primerMembers: Set<String> = ["alpha", "mix"]

    /// The token's value with Primer's `mix` and `alpha` applied, removing the applied members from
    /// `others` (`format=dtcg` writes the resulting colour, so they must not apply twice when it is
    /// published again). Nil, with an error, when a member is malformed on a colour token.
    mutating func applyingPrimerMembers(_ value: JSONValue, others: inout JSONObject, type: TokenType?, at location: String) -> JSONValue? {
        let present = Self.primerMembers.filter { others[$0] != nil }.sorted()
        guard !present.isEmpty else { return value }
        guard type == .color, var expression = Self.colorOperand(value) else {
            for key in present {
                problems.add(.warning(.ignoredMember, at: location, "'\(key)' is not a DTCG token property; kept in format=dtcg, not resolved", detail: key))
            }
            return value
        }
        if let mix = others["mix"] {
            guard case .object(let members) = mix, case .number(let weight)? = members["weight"], (0...1).contains(weight) else {
                problems.add(.error(.invalidValue, at: location, "Primer's mix \(JSONDescription.describe(mix)) needs a weight in 0…1 (and a color)"))
                return nil
            }
            // primer/primitives: `mix(value, mix.color || value, mix.weight || 0)`.
            let other = members["color"].flatMap(Self.colorOperand) ?? expression
            expression = "mix(\(expression), \(other), \(NotationNumber.describe(weight)))"
            others["mix"] = nil
            problems.add(.warning(.mappedType, at: location, "Primer's mix applied as \(expression)", detail: "Primer mix → mix()"))
        }
        if let alpha = others["alpha"] {
            guard case .number(let amount) = alpha, (0...1).contains(amount) else {
                problems.add(.error(.invalidValue, at: location, "Primer's alpha \(JSONDescription.describe(alpha)) is not a number in 0…1"))
                return nil
            }
            expression = "alpha(\(expression), \(NotationNumber.describe(amount)))"
            others["alpha"] = nil
            problems.add(.warning(.mappedType, at: location, "Primer's alpha applied as \(expression)", detail: "Primer alpha → alpha()"))
        }
        return .string(expression)
    }

    /// A colour `$value` as an expression operand: an alias as is, other text in parentheses, a
    /// colour object as its hex; nil for anything else (its reading then reports the problem).
    static func colorOperand(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text):
            return TokenPath.exactAlias(text) != nil ? text : "(\(text))"
        case .object(let object):
            guard case .value(let read) = ColorNotation.read(object: object) else { return nil }
            return read.color.hexString
        default:
            return nil
        }
    }
}
