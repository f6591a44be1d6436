/// `format=dtcg` gives back what came in (docs/skins.md, "What tool exports may contain"): a literal keeps the notation it was written
/// in where DTCG has one — a colour its space, components and alpha (beside the sRGB `hex` of the
/// resolved value), a font weight its DTCG keyword — while derived values (aliases, expressions,
/// colour functions, interpolation results) are written in DTCG object notation in `srgb`.
/// Dimensions and durations keep their unit because the model keeps it.
///
/// A written form is kept only where it reads back to the resolved value, so keeping it can never
/// change what a republished document resolves to (the round-trip property).
extension TokenValue {
    /// The value in DTCG notation, keeping the notations of `written` (the literal `$value` as the
    /// document wrote it; nil for a derived value) that read back to this value.
    func dtcgJSON(writtenAs written: JSONValue?) -> JSONValue {
        guard let written else { return dtcgJSON }
        switch self {
        case .color(let color):
            return written.objectValue.flatMap(color.dtcgJSON(keeping:)) ?? dtcgJSON
        case .fontWeight(let weight):
            // Only DTCG's own spelling (§8.4): a tool's `SemiBold` is written as its number.
            if case .string(let keyword) = written, KeywordNotation.fontWeights[keyword] == weight { return written }
            return dtcgJSON
        case .typography(let typography):
            return typography.json(colors: .dtcgObject, written: written.objectValue)
        case .composite(_, let members):
            let object = written.objectValue
            return .object(JSONObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.dtcgJSON(writtenAs: object?[$0.key])) }))
        case .list(_, let elements):
            let counterparts: [JSONValue?] =
                switch written {
                case .array(let items) where items.count == elements.count: items
                case .object where elements.count == 1: [written]  // a single shadow written without its array
                default: Array(repeating: nil, count: elements.count)
                }
            return .array(zip(elements, counterparts).map { $0.dtcgJSON(writtenAs: $1) })
        default:
            return dtcgJSON
        }
    }
}

extension RGBAColor {
    /// The DTCG colour object as written — its `colorSpace`, `components` (a pre-2025 `channels`
    /// renamed) and `alpha`, `"none"` included — with this colour's sRGB `hex`; nil unless it is
    /// a DTCG colour object that reads as this colour.
    ///
    /// The `hex` is always the resolved colour's: inside sRGB that is the components' own (an
    /// exporter's disagreeing `hex` lost to them, with `hex-mismatch`), outside it the exporter's
    /// fallback or the nearest colour inside (`out-of-gamut`), which is what reading it back gives.
    func dtcgJSON(keeping written: JSONObject) -> JSONValue? {
        guard written["colorSpace"] != nil, case .value(let read) = ColorNotation.dtcg(written), read.color.hexString == hexString else {
            return nil
        }
        var object = JSONObject([("colorSpace", written["colorSpace"]!)])
        if let components = written["components"] ?? written["channels"] { object["components"] = components }
        if let alpha = written["alpha"] { object["alpha"] = alpha }
        object["hex"] = .string(String(hexString.prefix(7)))
        return .object(object)
    }
}
