/// The small lexical pieces of CSS output: numbers, strings and custom property names
/// (CSS Syntax Level 3).
enum CSSSyntax {
    /// The shortest round-trip digits without an exponent (CSS numbers accept `1e3`, but not
    /// every consumer of a custom property does): the canonical JSON layout, which only uses an
    /// exponent outside 1e-7…1e21, far beyond any design value.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        var bytes: [UInt8] = []
        CanonicalJSON.appendNumber(number, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A CSS string in double quotes: `"` and `\` escaped, and line breaks and other control
    /// characters as hex escapes (`\a `), so that a declaration always stays on one line.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\" + String(scalar.value, radix: 16) + " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A custom property name for a token path: `--` then the path with dots as hyphens
    /// (`color.tint` → `--color-tint`). Letters, digits, `-`, `_` and non-ASCII are identifier
    /// characters; anything else is escaped (`\20 ` for a space), so every path gives a valid name.
    static func customProperty(_ path: String) -> String {
        var name = "--"
        for scalar in path.unicodeScalars {
            switch scalar {
            case ".": name += "-"
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": name.unicodeScalars.append(scalar)
            case _ where scalar.value >= 0x80: name.unicodeScalars.append(scalar)
            default: name += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return name
    }

    /// CSS generic font families, written bare in a `font-family` list (CSS Fonts 4 §2.1.1).
    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
        "ui-monospace", "ui-rounded", "math", "emoji", "fangsong",
    ]
}
