/// Reads every colour notation of docs/skins.md, "Types and the notations Livery reads" written as text, table-driven by form:
///
/// | form | example |
/// |---|---|
/// | hex with `#`, `0x` or no prefix, 3/4/6/8 digits | `#3366ff`, `0x3366FF80`, `36f` |
/// | CSS functions | `rgb(51, 102, 255)`, `rgba(51 102 255 / 50%)`, `hsl(225deg 100% 60%)`, `hsla(…)` |
/// | CSS functions of other spaces | `color(display-p3 1 0 0 / 0.5)`, `oklch(70% 0.15 250)`, `lab(…)`, `lch(…)`, `oklab(…)`, `hwb(…)` |
/// | HSB function (0…1) | `hsb(0.6 0.8 1)`, `hsb(0.6, 0.8, 1, 0.5)` |
/// | WolfCore labelled (0…1) | `r: .1 g: .5 b: .9 a: 1`, `red: .1 green: .5 blue: .9`, `h: .6 s: .8 b: 1` |
/// | float strings (0…1) | `0.2 0.4 1`, `0.2 0.4 1 0.5` |
/// | names | UIKit's (`darkGray`, case-sensitive), then CSS's (`RebeccaPurple`, any case) |
///
/// Objects (DTCG colour objects, SkinKit dictionaries) are read by `read(object:)`.
enum ColorNotation {
    static func read(_ text: String) -> LiteralReading<RGBAColor> {
        // Fast path for the most common notation, `#rrggbb`: no trimming, no substrings.
        if text.utf8.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(text.utf8.count), text.utf8.dropFirst().allSatisfy(isHexDigit) {
            return hex(text.dropFirst(), written: text)
        }
        let trimmed = text.trimmingASCIIWhitespace()
        guard let first = trimmed.first else { return .notLiteral }
        if first == "#" { return hex(trimmed.dropFirst(), written: trimmed) }
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") { return hex(trimmed.dropFirst(2), written: trimmed) }
        if trimmed.last == ")", let open = trimmed.firstIndex(of: "(") {
            let name = trimmed[..<open].trimmingASCIIWhitespace().lowercased()
            let arguments = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            switch name {
            case "rgb", "rgba": return cssRGB(arguments, written: trimmed)
            case "hsl", "hsla": return cssHSL(arguments, written: trimmed)
            case "hsb", "hsba": return hsbFunction(arguments, written: trimmed)
            case _ where cssSpaceFunctions.contains(name): return cssSpaceFunction(name, arguments, written: trimmed).map(\.color)
            default: return .notLiteral
            }
        }
        if let labelled = labelled(trimmed) { return labelled }
        if let named = NamedColors.color(named: trimmed) { return .value(named) }
        if [3, 4, 6, 8].contains(trimmed.utf8.count), trimmed.utf8.allSatisfy(isHexDigit) {
            return hex(trimmed[...], written: trimmed)
        }
        return floatString(trimmed)
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` digits (prefix already removed).
    static func hex(_ digits: Substring, written: some StringProtocol) -> LiteralReading<RGBAColor> {
        let bytes = Array(digits.utf8)
        guard bytes.allSatisfy(isHexDigit) else {
            return .malformed("'\(written)' is not a hex colour: only the digits 0-9 and a-f may follow the prefix")
        }
        let values = bytes.map(hexValue)
        let components: [Double]
        switch values.count {
        case 3, 4: components = values.map { Double($0 * 17) / 255 }
        case 6, 8: components = stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) / 255 }
        default: return .malformed("'\(written)' is not a hex colour: expected 3, 4, 6 or 8 hex digits, found \(values.count)")
        }
        return .value(RGBAColor(red: components[0], green: components[1], blue: components[2], alpha: components.count == 4 ? components[3] : 1))
    }

    /// `"r g b"` or `"r g b a"`, each 0…1 (SkinKit's float strings).
    static func floatString(_ text: Substring) -> LiteralReading<RGBAColor> {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count >= 2 else { return .notLiteral }
        let numbers = parts.compactMap { NotationNumber.parse($0) }
        guard numbers.count == parts.count else { return .notLiteral }
        guard numbers.count == 3 || numbers.count == 4 else {
            return .malformed("'\(text)' is not a colour: a float string needs 3 or 4 numbers (r g b [a]), found \(numbers.count)")
        }
        return unitComponents(numbers, labels: ["r", "g", "b", "a"], written: text).map {
            RGBAColor(red: $0[0], green: $0[1], blue: $0[2], alpha: $0.count == 4 ? $0[3] : 1)
        }
    }

    /// Checks that each component is in 0…1 and names the first that is not.
    static func unitComponents(_ values: [Double], labels: [String], written: some StringProtocol) -> LiteralReading<[Double]> {
        for (index, value) in values.enumerated() where !(0...1).contains(value) {
            return .malformed("'\(written)': \(labels[index]) \(NotationNumber.describe(value)) is outside 0…1")
        }
        return .value(values)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    static func hexValue(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        default: Int(byte - UInt8(ascii: "A")) + 10
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingASCIIWhitespace() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}
