/// WolfCore's labelled colour strings: `"r: .1 g: .5 b: .9 a: 1"`,
/// `"red: .1 green: .5 blue: .9 alpha: 1"` and `"h: .6 s: .8 b: 1 a: 1"`,
/// every component in 0…1 (hue too), alpha optional, labels in this order.
extension ColorNotation {
    static let labelSequences: [[String]] = [["r", "g", "b"], ["red", "green", "blue"], ["h", "s", "b"]]
    static let alphaLabels = ["r": "a", "red": "alpha", "h": "a"]

    /// `nil` when the text does not start like a labelled colour.
    static func labelled(_ text: Substring) -> LiteralReading<RGBAColor>? {
        guard let pairs = labelledPairs(text) else { return nil }
        guard let sequence = labelSequences.first(where: { $0[0] == pairs.first?.label }) else { return nil }
        let alphaLabel = alphaLabels[sequence[0]]!
        let labels = pairs.map(\.label)
        guard labels == sequence || labels == sequence + [alphaLabel] else {
            let expected = sequence.map { "\($0):" }.joined(separator: " ") + " [\(alphaLabel):]"
            return .malformed("'\(text)' is not a labelled colour: expected \(expected), found \(labels.map { "\($0):" }.joined(separator: " "))")
        }
        var values: [Double] = []
        for pair in pairs {
            guard let value = NotationNumber.parse(pair.value) else {
                return .malformed("'\(text)': \(pair.label) '\(pair.value)' is not a number")
            }
            values.append(value)
        }
        return unitComponents(values, labels: labels, written: text).map { v in
            let alpha = v.count == 4 ? v[3] : 1
            if sequence[0] == "h" {
                let (r, g, b) = ColorModels.hsb(hue: v[0], saturation: v[1], brightness: v[2])
                return RGBAColor(red: r, green: g, blue: b, alpha: alpha)
            }
            return RGBAColor(red: v[0], green: v[1], blue: v[2], alpha: alpha)
        }
    }

    /// Splits `label: value label: value …`; nil unless the text starts with `letters:`.
    static func labelledPairs(_ text: Substring) -> [(label: String, value: Substring)]? {
        var pairs: [(label: String, value: Substring)] = []
        var rest = text[...]
        while !rest.isEmpty {
            rest = rest.trimmingASCIIWhitespace()
            guard let colon = rest.firstIndex(of: ":") else { return pairs.isEmpty ? nil : pairs + [(String(rest), "")] }
            let label = rest[..<colon]
            guard !label.isEmpty, label.allSatisfy({ $0.isLetter }) else { return pairs.isEmpty ? nil : pairs + [(String(label), "")] }
            rest = rest[rest.index(after: colon)...].trimmingASCIIWhitespace()
            let valueEnd = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? rest.endIndex
            pairs.append((String(label), rest[..<valueEnd]))
            rest = rest[valueEnd...]
        }
        return pairs.isEmpty ? nil : pairs
    }
}
