/// CSS Color 4 functional notations (§5.1 `rgb()`, §7 `hsl()`), both syntaxes:
/// legacy comma-separated (`rgb(51, 102, 255)`, `rgba(51, 102, 255, 0.5)`) and modern
/// space-separated with `/ alpha` (`rgb(51 102 255 / 50%)`). Unlike a browser, which
/// clamps, Livery rejects out-of-range components: a skin should say what it means.
/// Also SkinKit's `hsb(h s b [a])`, every component in 0…1.
extension ColorNotation {
    /// Splits function arguments into components and an optional alpha.
    static func functionArguments(_ arguments: Substring, written: Substring) -> LiteralReading<(components: [Substring], alpha: Substring?, legacy: Bool)> {
        if arguments.contains(",") {
            let parts = arguments.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingASCIIWhitespace() }
            guard parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") && !$0.contains("/") }) else {
                return .malformed("'\(written)' mixes separators: use commas throughout, or spaces with '/ alpha'")
            }
            guard parts.count == 3 || parts.count == 4 else {
                return .malformed("'\(written)' needs 3 components and an optional alpha, found \(parts.count) arguments")
            }
            return .value((Array(parts.prefix(3)), parts.count == 4 ? parts[3] : nil, true))
        }
        let halves = arguments.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return .malformed("'\(written)' has more than one '/'") }
        let components = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard components.count == 3 else {
            return .malformed("'\(written)' needs 3 components, found \(components.count)")
        }
        var alpha: Substring?
        if halves.count == 2 {
            let text = halves[1].trimmingASCIIWhitespace()
            guard !text.isEmpty, !text.contains(" ") else { return .malformed("'\(written)' needs one alpha value after '/'") }
            alpha = text
        }
        return .value((components, alpha, false))
    }

    static func cssRGB(_ arguments: Substring, written: Substring) -> LiteralReading<RGBAColor> {
        let split: (components: [Substring], alpha: Substring?, legacy: Bool)
        switch functionArguments(arguments, written: written) {
        case .value(let value): split = value
        case .notLiteral: return .notLiteral
        case .malformed(let message, let code): return .malformed(message, code: code)
        }
        if split.legacy, Set(split.components.map { $0.hasSuffix("%") }).count > 1 {
            return .malformed("'\(written)' mixes numbers and percentages; the comma syntax needs one or the other")
        }
        var channels: [Double] = []
        for (component, name) in zip(split.components, ["red", "green", "blue"]) {
            if !split.legacy, component == "none" {
                channels.append(0)
            } else if component.hasSuffix("%"), let percent = NotationNumber.parse(component.dropLast()) {
                guard (0...100).contains(percent) else { return .malformed("'\(written)': \(name) \(component) is outside 0%…100%") }
                channels.append(percent / 100)
            } else if let number = NotationNumber.parse(component) {
                guard (0...255).contains(number) else { return .malformed("'\(written)': \(name) \(component) is outside 0…255") }
                channels.append(number / 255)
            } else {
                return .malformed("'\(written)': \(name) '\(component)' is not a number or percentage")
            }
        }
        return alphaValue(split.alpha, written: written).map {
            RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: $0)
        }
    }

    static func cssHSL(_ arguments: Substring, written: Substring) -> LiteralReading<RGBAColor> {
        let split: (components: [Substring], alpha: Substring?, legacy: Bool)
        switch functionArguments(arguments, written: written) {
        case .value(let value): split = value
        case .notLiteral: return .notLiteral
        case .malformed(let message, let code): return .malformed(message, code: code)
        }
        guard let hue = angle(split.components[0]) else {
            return .malformed("'\(written)': hue '\(split.components[0])' is not an angle (a number, or with deg, rad, grad or turn)")
        }
        var percentages: [Double] = []
        for (component, name) in zip(split.components.dropFirst(), ["saturation", "lightness"]) {
            let value: Double?
            if component.hasSuffix("%") {
                value = NotationNumber.parse(component.dropLast())
            } else {
                // CSS Color 4 allows bare numbers (meaning percent) in the modern syntax only.
                value = split.legacy ? nil : NotationNumber.parse(component)
            }
            guard let value else { return .malformed("'\(written)': \(name) '\(component)' must be a percentage") }
            guard (0...100).contains(value) else { return .malformed("'\(written)': \(name) \(component) is outside 0%…100%") }
            percentages.append(value / 100)
        }
        let (r, g, b) = ColorModels.hsl(hue: hue, saturation: percentages[0], lightness: percentages[1])
        return alphaValue(split.alpha, written: written).map { RGBAColor(red: r, green: g, blue: b, alpha: $0) }
    }

    static func hsbFunction(_ arguments: Substring, written: Substring) -> LiteralReading<RGBAColor> {
        let parts = arguments.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        guard parts.count == 3 || parts.count == 4 else {
            return .malformed("'\(written)' needs 3 or 4 components (h s b [a], each 0…1), found \(parts.count)")
        }
        var values: [Double] = []
        for part in parts {
            guard let value = NotationNumber.parse(part) else { return .malformed("'\(written)': '\(part)' is not a number") }
            values.append(value)
        }
        return unitComponents(values, labels: ["hue", "saturation", "brightness", "alpha"], written: written).map {
            let (r, g, b) = ColorModels.hsb(hue: $0[0], saturation: $0[1], brightness: $0[2])
            return RGBAColor(red: r, green: g, blue: b, alpha: $0.count == 4 ? $0[3] : 1)
        }
    }

    /// A CSS `<alpha-value>`: a number in 0…1 or a percentage; absent means opaque.
    static func alphaValue(_ text: Substring?, written: Substring) -> LiteralReading<Double> {
        guard let text else { return .value(1) }
        if text.hasSuffix("%"), let percent = NotationNumber.parse(text.dropLast()) {
            guard (0...100).contains(percent) else { return .malformed("'\(written)': alpha \(text) is outside 0%…100%") }
            return .value(percent / 100)
        }
        guard let value = NotationNumber.parse(text) else { return .malformed("'\(written)': alpha '\(text)' is not a number or percentage") }
        guard (0...1).contains(value) else { return .malformed("'\(written)': alpha \(text) is outside 0…1") }
        return .value(value)
    }

    /// A CSS `<hue>` in degrees: a bare number or one with `deg`, `rad`, `grad` or `turn`.
    static func angle(_ text: Substring) -> Double? {
        let units: [(String, Double)] = [("grad", 0.9), ("deg", 1), ("rad", 180 / Double.pi), ("turn", 360)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            return NotationNumber.parse(text.dropLast(unit.count)).map { $0 * factor }
        }
        return text == "none" ? 0 : NotationNumber.parse(text)
    }
}
