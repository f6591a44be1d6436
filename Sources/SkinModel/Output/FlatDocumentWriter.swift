/// Writes the flat resolved document straight to canonical bytes.
///
/// `CanonicalJSON.encode(skin.document(format: .flat, …))` gives the same bytes, but builds
/// an object (with its own dictionary) for every token and value only to take it apart
/// again; this writer emits the members in canonical order directly, which matters when a
/// skin has thousands of tokens. The common value shapes (colours, dimensions, durations,
/// numbers, strings) are written by hand; the rest goes through `CanonicalJSON`.
/// Tests check both paths agree byte for byte.
struct FlatDocumentWriter {
    let skin: ResolvedSkin
    let explain: Bool
    let channel: String?
    private(set) var output: [UInt8] = []

    init(skin: ResolvedSkin, explain: Bool, channel: String?) {
        self.skin = skin
        self.explain = explain
        self.channel = channel
    }

    mutating func write() -> [UInt8] {
        // Room for every token's path and a typical `{type, value}` (a colour takes 36 bytes, a
        // dimension 54): growing the buffer copies it, megabytes at tens of thousands of tokens.
        let paths = skin.tokens.entries.reduce(0) { $0 + $1.path.utf8.count }
        output.reserveCapacity(128 + paths + skin.tokens.count * (explain ? 104 : 48))
        let styles = skin.styling.jsonMembers
        // Members in code point order: channel, images, lineage, rules, skin, styles, tokens, variants, version.
        append("{")
        if let channel {
            append("\"channel\":")
            CanonicalJSON.appendString(channel, to: &output)
            append(",")
        }
        append("\"images\":")
        CanonicalJSON.append(styles.images, to: &output)
        append(",\"lineage\":")
        appendStrings(skin.lineage)
        append(",\"rules\":")
        CanonicalJSON.append(styles.rules, to: &output)
        append(",\"skin\":")
        CanonicalJSON.appendString(skin.skin, to: &output)
        append(",\"styles\":")
        CanonicalJSON.append(styles.styles, to: &output)
        append(",\"tokens\":{")
        // The tokens are already in path order (`ResolvedTokens`): one walk front to back, reading
        // each entry's path, type and value in place. Passing whole `ResolvedToken`s copied every
        // member (descriptions, extensions, the written literal): at 50,000 tokens that read
        // three times the memory the output needs.
        skin.tokens.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                if index > 0 { append(",") }
                CanonicalJSON.appendString(entries[index].path, to: &output)
                append(":")
                appendToken(
                    typeName: entries[index].token.typeName, value: entries[index].token.value,
                    provenance: explain ? entries[index].token.provenance : nil)
            }
        }
        append("},\"variants\":")
        appendStrings(skin.variants)
        append(",\"version\":")
        CanonicalJSON.appendNumber(Double(skin.version), to: &output)
        append("}")
        return output
    }

    /// `{layer?, references?, type, value}`, in that (code point) order; `layer` and `references`
    /// when `provenance` is given (explain).
    mutating func appendToken(typeName: String, value: TokenValue, provenance: TokenProvenance?) {
        append("{")
        if let provenance {
            append("\"layer\":")
            CanonicalJSON.appendString(provenance.layer, to: &output)
            append(",\"references\":")
            appendStrings(provenance.references)
            append(",")
        }
        append("\"type\":")
        CanonicalJSON.appendString(typeName, to: &output)
        append(",\"value\":")
        appendValue(value)
        append("}")
    }

    mutating func appendValue(_ value: TokenValue) {
        switch value {
        case .color(let color): appendHex(color)
        case .dimension(let dimension): appendMeasure(dimension.value, unit: dimension.unit.rawValue)
        case .duration(let duration): appendMeasure(duration.value, unit: duration.unit.rawValue)
        case .number(let number), .fontWeight(let number): CanonicalJSON.appendNumber(number, to: &output)
        case .boolean(let bool): append(bool ? "true" : "false")
        case .string(let string): CanonicalJSON.appendString(string, to: &output)
        default: CanonicalJSON.append(value.flatJSON, to: &output)
        }
    }

    /// `{"unit":"px","value":16}`.
    mutating func appendMeasure(_ value: Double, unit: String) {
        append("{\"unit\":\"")
        append(unit)
        append("\",\"value\":")
        CanonicalJSON.appendNumber(value, to: &output)
        append("}")
    }

    /// `"#rrggbbaa"`, exactly as `RGBAColor.hexString` spells it.
    mutating func appendHex(_ color: RGBAColor) {
        let digits: StaticString = "0123456789abcdef"
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: "#"))
        for component in [color.red, color.green, color.blue, color.alpha] {
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            output.append(digits.utf8Start[byte >> 4])
            output.append(digits.utf8Start[byte & 0xF])
        }
        output.append(UInt8(ascii: "\""))
    }

    mutating func appendStrings(_ strings: [String]) {
        append("[")
        for (index, string) in strings.enumerated() {
            if index > 0 { append(",") }
            CanonicalJSON.appendString(string, to: &output)
        }
        append("]")
    }

    mutating func append(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }
}
