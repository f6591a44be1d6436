/// CSS Color 4's notations for the other colour spaces, as tools write them (docs/skins.md, "What tool exports may contain", docs/skins.md
/// "Colours"): `color(srgb 0 0 0 / 0.1)` with any predefined space (`srgb`, `srgb-linear`,
/// `display-p3`, `a98-rgb`, `prophoto-rgb`, `rec2020`, `xyz`, `xyz-d50`, `xyz-d65`), and `lab()`,
/// `lch()`, `oklab()`, `oklch()`, `hwb()`. Each is read as the DTCG colour object it denotes
/// (`{colorSpace, components, alpha}`), so it converts, range-checks and reports leaving sRGB
/// (`out-of-gamut`) exactly as that object would.
extension ColorNotation {
    static let cssSpaceFunctions: Set<String> = ["color", "lab", "lch", "oklab", "oklch", "hwb"]

    /// `color()`'s space names → DTCG's (`xyz` is CSS's name for D65 XYZ).
    static let predefinedSpaces: [String: String] = [
        "srgb": "srgb", "srgb-linear": "srgb-linear", "display-p3": "display-p3", "a98-rgb": "a98-rgb",
        "prophoto-rgb": "prophoto-rgb", "rec2020": "rec2020", "xyz": "xyz-d65", "xyz-d50": "xyz-d50", "xyz-d65": "xyz-d65",
    ]

    /// A colour read from text with what reading it found (clipped into sRGB); the CSS functions of
    /// other spaces report like DTCG objects, every other notation has nothing to report.
    static func readReporting(_ text: String) -> LiteralReading<ObjectColor> {
        // The common `#rrggbb` goes straight to `read`, which has its fast path.
        guard text.utf8.last == UInt8(ascii: ")") || text.utf8.last.map({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }) == true else {
            return read(text).map { ObjectColor(color: $0, clipped: false) }
        }
        let trimmed = text.trimmingASCIIWhitespace()
        if trimmed.last == ")", let open = trimmed.firstIndex(of: "(") {
            let name = trimmed[..<open].trimmingASCIIWhitespace().lowercased()
            if cssSpaceFunctions.contains(name) {
                return cssSpaceFunction(name, trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)], written: trimmed)
            }
        }
        return read(text).map { ObjectColor(color: $0, clipped: false) }
    }

    /// `color(space c1 c2 c3 [/ alpha])` or `lab(…)`/`lch(…)`/`oklab(…)`/`oklch(…)`/`hwb(…)`.
    static func cssSpaceFunction(_ name: String, _ arguments: Substring, written: Substring) -> LiteralReading<ObjectColor> {
        let halves = arguments.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return .malformed("'\(written)' has more than one '/'") }
        var words = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !arguments.contains(",") else { return .malformed("'\(written)': \(name)() separates its components with spaces, and its alpha with '/'") }
        var space = name
        if name == "color" {
            guard let first = words.first, let dtcg = predefinedSpaces[first.lowercased()] else {
                let names = predefinedSpaces.keys.sorted().joined(separator: ", ")
                return .malformed("'\(written)': the colour space must be one of \(names)", code: .unsupportedColorSpace)
            }
            space = dtcg
            words.removeFirst()
        }
        guard words.count == 3 else { return .malformed("'\(written)' needs 3 components, found \(words.count)") }
        var components: [JSONValue] = []
        for (index, word) in words.enumerated() {
            guard let value = component(word, index: index, space: space) else {
                return .malformed("'\(written)': component \(index + 1) '\(word)' is not a number\(index == hueIndex(space) ? " or an angle" : " or percentage")")
            }
            components.append(.number(value))
        }
        var object = JSONObject([("colorSpace", .string(space)), ("components", .array(components))])
        if halves.count == 2 {
            let text = halves[1].trimmingASCIIWhitespace()
            guard !text.isEmpty, !text.contains(" ") else { return .malformed("'\(written)' needs one alpha value after '/'") }
            switch text == "none" ? .value(0) : alphaValue(text, written: written) {
            case .value(let alpha): object["alpha"] = .number(alpha)
            case .notLiteral: return .notLiteral
            case .malformed(let message, let code): return .malformed(message, code: code)
            }
        }
        switch dtcg(object) {
        case .value(let read): return .value(read)
        case .notLiteral: return .notLiteral
        case .malformed(let message, let code): return .malformed("'\(written)': \(message)", code: code)
        }
    }

    /// Which component is a hue (an angle, normalized into 0…360), if any.
    static func hueIndex(_ space: String) -> Int? {
        switch space {
        case "lch", "oklch": 2
        case "hwb": 0
        default: nil
        }
    }

    /// One component in the DTCG object's scale: `none` is 0; a percentage is a share of the
    /// reference range CSS Color 4 gives each space (100% = 1 in RGB and XYZ spaces, 100 for Lab's
    /// L, 125 for its a/b, 150 for LCH's C, 0.4 for OKLab's a/b and OKLCH's C).
    static func component(_ word: Substring, index: Int, space: String) -> Double? {
        if word == "none" { return 0 }
        if index == hueIndex(space) {
            guard let degrees = angle(word) else { return nil }
            let turned = degrees.truncatingRemainder(dividingBy: 360)
            return turned < 0 ? turned + 360 : turned
        }
        if word.hasSuffix("%") {
            guard let percent = NotationNumber.parse(word.dropLast()) else { return nil }
            let reference: Double =
                switch (space, index) {
                case ("lab", 0), ("lch", 0), ("hwb", _): 100
                case ("lab", _): 125
                case ("lch", _): 150
                case ("oklab", 0), ("oklch", 0): 1
                case ("oklab", _), ("oklch", _): 0.4
                default: 1
                }
            return percent / 100 * reference
        }
        return NotationNumber.parse(word)
    }
}
