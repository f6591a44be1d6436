/// DTCG typography (`fontFamily`, `fontSize`, `fontWeight`, `lineHeight`, `letterSpacing`)
/// plus Livery's `color` and `textCase`, and WolfCore's `allCaps` (`true` → uppercase,
/// `false` → none; an explicit `textCase` wins).
///
/// Design tools write `lineHeight` as a percentage (`"150%"`) or `"AUTO"` and
/// `letterSpacing` as a percentage of the font size; those are converted (percentages to a
/// multiplier, or to a length in the font size's unit) so such exports publish unchanged.
/// Members DTCG does not list (`fontStyle`, `textDecoration`, `paragraphSpacing`, …) are kept
/// and resolved like any sub-value, with an `extra-member` warning (docs/skins.md, "What tool exports may contain").
/// A tool's own words for a text case are its dialect's (`Import/`).
extension ValueReader {
    static let typographyMembers = ["fontFamily", "fontSize", "fontWeight", "lineHeight", "letterSpacing", "color", "textCase", "allCaps"]

    mutating func typography(_ object: JSONObject, lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        var extra: [String: TokenValue] = [:]
        for (key, raw) in object.members where !Self.typographyMembers.contains(key) {
            warnings.append(ReadingWarning(.extraMember, "typography member '\(key)' is not one DTCG lists; kept", detail: "typography \(key)"))
            extra[key] = try member(key, of: .typography) { (r: inout ValueReader) throws(ValueError) in TypedValue(try r.extraMember(raw, lookup: lookup)) }.value
        }
        guard let familyRaw = object["fontFamily"], let sizeRaw = object["fontSize"] else {
            throw ValueError(.invalidValue, "a typography needs 'fontFamily' and 'fontSize'")
        }
        let family = try member("fontFamily", of: .typography) { (r: inout ValueReader) throws(ValueError) in try r.read(familyRaw, as: .fontFamily, lookup: lookup) }
        let size = try member("fontSize", of: .typography) { (r: inout ValueReader) throws(ValueError) in try r.read(sizeRaw, as: .dimension, lookup: lookup) }
        guard case .fontFamily(let fontFamily) = family.value, case .dimension(let fontSize) = size.value else {
            throw ValueError(.invalidValue, "a typography needs 'fontFamily' and 'fontSize'")
        }
        var result = Typography(fontFamily: fontFamily, fontSize: fontSize, extra: extra)
        if let raw = object["fontWeight"] {
            let weight = try member("fontWeight", of: .typography) { (r: inout ValueReader) throws(ValueError) in try r.read(raw, as: .fontWeight, lookup: lookup) }
            if case .fontWeight(let value) = weight.value { result.fontWeight = value }
        }
        if let raw = object["lineHeight"] {
            switch try lineHeight(raw, fontSize: fontSize, lookup: lookup) {
            case .multiplier(let value): result.lineHeight = value
            case .length(let length): result.extra["lineHeight"] = .dimension(length)
            case .platform: result.extra["lineHeight"] = try extraMember(raw, lookup: lookup)  // "AUTO": kept as written
            }
        }
        if let raw = object["letterSpacing"] {
            result.letterSpacing = try letterSpacing(raw, fontSize: fontSize, lookup: lookup)
        }
        if let raw = object["color"] {
            let color = try member("color", of: .typography) { (r: inout ValueReader) throws(ValueError) in try r.read(raw, as: .color, lookup: lookup) }
            if case .color(let value) = color.value { result.color = value }
        }
        if let raw = object["allCaps"] {
            let flag = try member("allCaps", of: .typography) { (r: inout ValueReader) throws(ValueError) in try r.read(raw, as: .boolean, lookup: lookup) }
            if case .boolean(let allCaps) = flag.value { result.textCase = allCaps ? .uppercase : TextCase.none }
        }
        if let raw = object["textCase"] {
            let text = try member("textCase", of: .typography) { (r: inout ValueReader) throws(ValueError) in try r.read(raw, as: .string, lookup: lookup) }
            guard case .string(let name) = text.value, let textCase = TextCase(rawValue: name) ?? toolTextCase(name) else {
                throw ValueError(.invalidValue, "typography member 'textCase': \(text) is not none, uppercase, lowercase or capitalize (or \(Self.toolTextCaseWords))")
            }
            result.textCase = textCase
        }
        return TypedValue(.typography(result))
    }

    /// What a typography's `lineHeight` is read as.
    enum LineHeight {
        /// A multiplier of the font size (DTCG's form).
        case multiplier(Double)
        /// A length in another unit than the font size's, which no multiplier states: kept as that length.
        case length(Dimension)
        /// `AUTO`/`normal`: the platform's line height, kept as written.
        case platform
    }

    /// A number, a percentage, or a length in the font size's unit is a multiplier of the font
    /// size; a length in another unit is kept as that length (`mapped-type`: `24px` over `1rem`
    /// cannot become a multiplier without assuming the root font size).
    mutating func lineHeight(_ raw: JSONValue, fontSize: Dimension, lookup: (String) -> LookupResult) throws(ValueError) -> LineHeight {
        if case .string(let text) = raw {
            let folded = text.lowercased()
            if folded == "auto" || folded == "normal" {
                warnings.append(ReadingWarning(.extraMember, "typography lineHeight '\(text)' leaves the line height to the platform; kept as written", detail: "typography lineHeight as text"))
                return .platform
            }
            if text.hasSuffix("%"), let percent = NotationNumber.parse(text.dropLast()) { return .multiplier(percent / 100) }
        }
        let value = try member("lineHeight", of: .typography) { (r: inout ValueReader) throws(ValueError) in
            if case .object = raw { return try r.read(raw, as: .dimension, lookup: lookup) }
            return try r.readUntyped(raw, lookup: lookup)
        }
        switch value.value {
        case .number(let number): return .multiplier(number)
        case .dimension(let length) where length.unit == .percent: return .multiplier(length.value / 100)
        case .dimension(let length) where length.unit == fontSize.unit && fontSize.value != 0: return .multiplier(length.value / fontSize.value)
        case .dimension(let length) where length.unit != fontSize.unit:
            warnings.append(ReadingWarning(
                .mappedType, "typography lineHeight \(NotationNumber.describe(length.value))\(length.unit.rawValue) is in another unit than the font size (\(fontSize.unit.rawValue)); kept as that length",
                detail: "typography lineHeight as a length"))
            return .length(length)
        default:
            throw ValueError(.invalidValue, "typography member 'lineHeight': \(value) is not a number, a percentage or a length in the font size's unit (\(fontSize.unit.rawValue))")
        }
    }

    /// A length; a percentage means a fraction of the font size.
    mutating func letterSpacing(_ raw: JSONValue, fontSize: Dimension, lookup: (String) -> LookupResult) throws(ValueError) -> Dimension {
        if case .string(let text) = raw, text.hasSuffix("%"), let percent = NotationNumber.parse(text.dropLast()) {
            return Dimension(fontSize.value * percent / 100, fontSize.unit)
        }
        let value = try member("letterSpacing", of: .typography) { (r: inout ValueReader) throws(ValueError) in try r.read(raw, as: .dimension, lookup: lookup) }
        guard case .dimension(let length) = value.value else { throw ValueError(.invalidValue, "typography member 'letterSpacing' must be a dimension") }
        return length
    }
}
