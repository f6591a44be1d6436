/// A Tokens Studio-style export of 1,500 tokens, the size of a real design system's (docs/skins.md, "What tool exports may contain"
/// example): 212 `spacing`, 100 `borderRadius`, 8 `letterSpacing` in `em` and 1,180 colours. Its
/// warnings are four kinds — `mapped-type` for each of the three type names and `non-dtcg-unit (em)`
/// — not 528 lines.
public enum LargeExport {
    public static let spacingCount = 212

    public static let json: String = {
        func group(_ name: String, _ count: Int, _ token: (Int) -> String) -> String {
            "\"\(name)\": {" + (1...count).map(token).joined(separator: ",") + "}"
        }
        let groups = [
            group("space", spacingCount) { "\"s\($0)\": {\"$type\": \"spacing\", \"$value\": \"\($0)px\"}" },
            group("radius", 100) { "\"r\($0)\": {\"$type\": \"borderRadius\", \"$value\": \"\($0)px\"}" },
            group("tracking", 8) { "\"t\($0)\": {\"$type\": \"letterSpacing\", \"$value\": \"0.0\($0)em\"}" },
            group("color", 1180) { "\"c\($0)\": {\"$type\": \"color\", \"$value\": \"#\(hex6($0))\"}" },
        ]
        return "{" + groups.joined(separator: ",") + "}"
    }()

    /// The paths of the `spacing` tokens, in document order.
    public static var spacingPaths: [String] { (1...spacingCount).map { "space.s\($0)" } }

    static func hex6(_ number: Int) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }
}
