import SkinModel

/// Generates the benchmark skin: a 3-level lineage (`base` → `brand` → `app`), two
/// variants (`dark`, `compact`) declared along it, about a third of all values derived
/// (aliases, colour functions, arithmetic, typography functions), and 200 rules in the
/// leaf's `$livery`. Deterministic: the same count gives the same documents.
struct SkinGenerator {
    let tokenCount: Int
    /// Zero-pads group and token numbers (`base.g0001.t000063`), so every path is longer than
    /// 15 bytes at every size (`--long-names`). Without it paths are Swift small strings (inline,
    /// no heap block) up to about 10,000 tokens and mostly heap strings beyond, which could bend
    /// the curve by itself; with it, it bends the same (README, issue 9).
    let longNames: Bool
    private var random: SplitMix

    init(tokenCount: Int, longNames: Bool = false, seed: UInt64 = 0x5EED) {
        self.tokenCount = tokenCount
        self.longNames = longNames
        self.random = SplitMix(state: seed)
    }

    /// Token paths by type, so references point at earlier tokens of a fitting type (no cycles).
    private var colors: [String] = []
    private var dimensions: [String] = []
    private var typographies: [String] = []

    /// The three documents as JSON text, root first.
    mutating func documents() -> [(skin: String, text: String)] {
        let baseCount = tokenCount * 6 / 10
        let brandCount = tokenCount * 2 / 10
        let appCount = tokenCount - baseCount - brandCount
        let base = layer(prefix: "base", count: baseCount)
        let baseColors = colors, baseDimensions = dimensions
        let brand = layer(prefix: "brand", count: brandCount)
        let app = layer(prefix: "app", count: appCount)

        var dark: [(String, String)] = [], compact: [(String, String)] = [], brandOverrides: [(String, String)] = [], appDark: [(String, String)] = []
        for path in every(10, of: baseColors) { dark.append((path, "{\"$value\": \"#\(hex())\"}")) }
        for path in every(10, of: baseDimensions) { compact.append((path, "{\"$value\": {\"value\": \(next(40)), \"unit\": \"px\"}}")) }
        for path in every(20, of: baseColors) { brandOverrides.append((path, "{\"$value\": \"#\(hex())\"}")) }
        for path in every(10, of: colors.filter { $0.hasPrefix("app.") }) { appDark.append((path, "{\"$value\": \"darken(#\(hex()), 0.2)\"}")) }

        let rules = (0..<200).map { index -> String in
            let color = colors[next(colors.count)]
            return "{\"selector\": \"section\(index % 20)/cell\(index % 7)/label\", \"properties\": {\"textColor\": \"{\(color)}\"}}"
        }.joined(separator: ",\n")

        let baseText = "{\"$livery\": {\"variants\": {\"dark\": \(tree(dark)), \"compact\": \(tree(compact))}},\n\(members(base))}"
        let brandText = "{\"$livery\": {\"extends\": \"base\"},\n\(members(brand + brandOverrides))}"
        let appText = "{\"$livery\": {\"extends\": \"brand\", \"variants\": {\"dark\": \(tree(appDark))}, \"rules\": [\(rules)]},\n\(members(app))}"
        return [("base", baseText), ("brand", brandText), ("app", appText)]
    }

    /// `count` new tokens under `prefix`, grouped 50 to a group, a third derived.
    private mutating func layer(prefix: String, count: Int) -> [(String, String)] {
        var tokens: [(String, String)] = []
        for index in 0..<count {
            let path = longNames ? "\(prefix).g\(padded(index / 50, 4)).t\(padded(index, 6))" : "\(prefix).g\(index / 50).t\(index)"
            let derived = next(3) == 0
            let kind = next(10)
            let body: String
            switch kind {
            case 0..<4:
                if derived, !colors.isEmpty {
                    let a = colors[next(colors.count)], b = colors[next(colors.count)]
                    switch next(4) {
                    case 0: body = "\"$type\": \"color\", \"$value\": \"{\(a)}\""
                    case 1: body = "\"$type\": \"color\", \"$value\": \"lighten({\(a)}, 0.\(next(9) + 1))\""
                    case 2: body = "\"$type\": \"color\", \"$value\": \"mix({\(a)}, {\(b)}, 0.5)\""
                    default: body = "\"$type\": \"color\", \"$value\": \"contrast({\(a)}, #000000, #ffffff)\""
                    }
                } else {
                    body = "\"$type\": \"color\", \"$value\": \"#\(hex())\""
                }
                colors.append(path)
            case 4..<7:
                if derived, !dimensions.isEmpty {
                    body = "\"$type\": \"dimension\", \"$value\": \"{\(dimensions[next(dimensions.count)])} * \(next(3) + 1) + 2px\""
                } else {
                    body = "\"$type\": \"dimension\", \"$value\": {\"value\": \(next(64)), \"unit\": \"px\"}"
                }
                dimensions.append(path)
            case 7:
                if derived, !typographies.isEmpty, !colors.isEmpty {
                    body = "\"$type\": \"typography\", \"$value\": \"withColor({\(typographies[next(typographies.count)])}, {\(colors[next(colors.count)])})\""
                } else {
                    body = "\"$type\": \"typography\", \"$value\": {\"fontFamily\": \"Inter\", \"fontSize\": {\"value\": \(12 + next(12)), \"unit\": \"px\"}, \"fontWeight\": \(100 * (next(9) + 1))}"
                }
                typographies.append(path)
            case 8:
                body = "\"$type\": \"number\", \"$value\": \(derived ? "\"\(next(10)) * 1.5\"" : "\(next(1000))")"
            default:
                body = "\"$type\": \"boolean\", \"$value\": \(next(2) == 0)"
            }
            tokens.append((path, "{\(body), \"$description\": \"token \(index)\"}"))
        }
        return tokens
    }

    /// Every `step`-th path: the tokens a layer overrides.
    private func every(_ step: Int, of paths: [String]) -> [String] {
        paths.enumerated().filter { $0.offset % step == 0 }.map(\.element)
    }

    /// Writes flat `(path, token JSON)` pairs as nested groups.
    private func members(_ tokens: [(String, String)]) -> String {
        let trimmed = tree(tokens).dropFirst().dropLast()
        return String(trimmed)
    }

    private func tree(_ tokens: [(String, String)]) -> String {
        // Paths are prefix.group.token: build two levels of grouping.
        var prefixes: [String] = []
        var groups: [String: [String]] = [:]
        var tokensByGroup: [String: [String]] = [:]
        for (path, json) in tokens {
            let parts = path.split(separator: ".").map(String.init)
            let prefix = parts[0], group = "\(parts[0]).\(parts[1])"
            if groups[prefix] == nil { prefixes.append(prefix) }
            if tokensByGroup[group] == nil { groups[prefix, default: []].append(parts[1]) }
            tokensByGroup[group, default: []].append("\"\(parts[2])\": \(json)")
        }
        let body = prefixes.map { prefix in
            let inner = groups[prefix]!.map { "\"\($0)\": {\(tokensByGroup["\(prefix).\($0)"]!.joined(separator: ", "))}" }
            return "\"\(prefix)\": {\(inner.joined(separator: ",\n"))}"
        }
        return "{\(body.joined(separator: ",\n"))}"
    }

    private func padded(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private mutating func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    private mutating func hex() -> String {
        let text = String(random.next() % 0x1000000, radix: 16)
        return String(repeating: "0", count: 6 - text.count) + text
    }
}

/// SplitMix64: a tiny deterministic generator, so runs are reproducible.
struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
