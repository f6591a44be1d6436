/// Finds the pairs a skin must keep readable (docs/api.md, "Rollouts, schedules and rollback"): the declared ones of every lineage
/// document's `$livery.contrast`, and the ones implied by styles and rules that set both a text
/// colour and a background colour.
package enum ContrastPairs {
    /// Text colour properties and the font property that says whether their text is large.
    /// Pairs are looked for at each key path prefix (`titleLabel.textColor` pairs with
    /// `titleLabel.backgroundColor`), since nested styles apply to their own sub-views.
    static let textColorProperties: [(color: String, font: String)] = [("textColor", "font"), ("titleColor", "titleFont")]
    static let backgroundProperty = "backgroundColor"

    /// WCAG 2 "large scale" text: at least 18 point, or 14 point bold. CSS pixels are 3/4 of a
    /// point, so 24 px, or 18.66 px at weight 700 and above; `rem` counts as 16 px.
    static func isLarge(_ value: TokenValue?) -> Bool {
        guard case .typography(let typography)? = value else { return false }
        let pixels = typography.fontSize.value * (typography.fontSize.unit == .rem ? 16 : 1)
        return pixels >= 24 || (pixels >= 18.66 && (typography.fontWeight ?? 400) >= 700)
    }

    /// The declared pairs, root document first, and findings about malformed entries.
    package static func declared(in lineage: [LineageEntry]) -> ([ContrastRequirement], [Diagnostic]) {
        var pairs: [ContrastRequirement] = []
        var problems: [Diagnostic] = []
        for entry in lineage {
            guard let value = entry.document.livery?["contrast"] else { continue }
            guard case .array(let elements) = value else {
                problems.append(.warning(.invalidValue, at: "$livery.contrast", "contrast must be an array of {foreground, background, min}; it is ignored"))
                continue
            }
            for (index, element) in elements.enumerated() {
                let path = "$livery.contrast[\(index)]"
                guard case .object(let object) = element, let foreground = object["foreground"]?.stringValue,
                    let background = object["background"]?.stringValue
                else {
                    problems.append(.warning(.invalidValue, at: path, "a contrast pair is {\"foreground\": colour, \"background\": colour, \"min\": ratio}; it is ignored"))
                    continue
                }
                var minimum = ContrastRequirement.textMinimum
                if let written = object["min"] {
                    guard case .number(let number) = written, number >= 1, number <= 21 else {
                        problems.append(.warning(.invalidValue, at: "\(path).min", "min must be a contrast ratio from 1 to 21; the pair is ignored"))
                        continue
                    }
                    minimum = number
                }
                pairs.append(ContrastRequirement(foreground: foreground, background: background, minimum: minimum, path: path))
            }
        }
        return (pairs, problems)
    }

    /// The pairs a resolved skin's styles and rules imply, with their colours.
    static func implied(by styling: ResolvedStyling) -> [(ContrastRequirement, RGBAColor, RGBAColor)] {
        var pairs: [(ContrastRequirement, RGBAColor, RGBAColor)] = []
        for name in styling.styles.keys.sorted() {
            pairs += implied(by: styling.styles[name]!.properties, at: "$livery.styles.\(name).properties")
        }
        for (index, rule) in styling.rules.enumerated() {
            pairs += implied(by: rule.properties, at: "$livery.rules[\(index)].properties")
        }
        return pairs
    }

    private static func implied(by properties: [String: TokenValue], at path: String) -> [(ContrastRequirement, RGBAColor, RGBAColor)] {
        var pairs: [(ContrastRequirement, RGBAColor, RGBAColor)] = []
        for key in properties.keys.sorted() {
            let prefix = key.split(separator: ".").dropLast().map { $0 + "." }.joined()
            let last = key.dropFirst(prefix.count)
            guard let text = textColorProperties.first(where: { $0.color == last }),
                case .color(let foreground)? = properties[key],
                case .color(let background)? = properties[prefix + backgroundProperty]
            else { continue }
            let minimum = isLarge(properties[prefix + text.font]) ? ContrastRequirement.largeTextMinimum : ContrastRequirement.textMinimum
            let requirement = ContrastRequirement(
                foreground: key, background: prefix + backgroundProperty, minimum: minimum, path: "\(path).\(key)")
            pairs.append((requirement, foreground, background))
        }
        return pairs
    }

    /// A declared colour: a reference to a colour token, or a colour literal.
    package static func color(_ written: String, in tokens: ResolvedTokens) -> RGBAColor? {
        if written.hasPrefix("{"), written.hasSuffix("}") {
            guard case .color(let color)? = tokens[String(written.dropFirst().dropLast())]?.value else { return nil }
            return color
        }
        guard case .value(let color) = ColorNotation.read(written) else { return nil }
        return color
    }
}
