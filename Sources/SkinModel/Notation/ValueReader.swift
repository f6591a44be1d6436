/// Reads a raw value (a `$value`, a composite member, a style property) as a value of
/// a known type. A string is classified by ``classify(_:as:readingShape:)`` (docs/skins.md,
/// "References and expressions": an alias, else a literal of the type, else an expression).
/// Non-string JSON is read by the type's DTCG notation; composite members recurse, so
/// they may be aliases or expressions themselves.
///
/// References are resolved through `lookup`, so the same reader serves token resolution
/// (against tokens resolved so far) and style properties (against the final set).
struct ValueReader {
    let assets: [String: AssetInfo]
    /// Findings that do not stop reading (a colour clipped into sRGB, an ignored member), without a path.
    var warnings: [ReadingWarning] = []
    /// The `$type` an opaque token was given (docs/skins.md, "What tool exports may contain"), for the values read as `.opaque`.
    var opaqueTypeName = "unknown"

    init(assets: [String: AssetInfo]) {
        self.assets = assets
    }

    mutating func read(_ raw: JSONValue, as type: TokenType, lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        guard case .string(let text) = raw else { return try structured(raw, as: type, lookup: lookup) }
        return try value(of: classify(text, as: type), text: text, as: type, lookup: lookup)
    }

    /// Reads a value whose type is not known: aliases and expressions decide by their
    /// result, text that is no expression by its shape (a colour notation), JSON numbers and booleans are themselves, `{value, unit}` objects are
    /// dimensions or durations by unit, colour objects are colours.
    mutating func readUntyped(_ raw: JSONValue, lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        switch raw {
        case .string(let text):
            return try value(of: classify(text, as: nil, readingShape: true), text: text, as: nil, lookup: lookup)
        case .number(let number): return TypedValue(.number(number))
        case .bool(let bool): return TypedValue(.boolean(bool))
        case .object(let object):
            if case .string(let unit)? = object["unit"] {
                return try read(raw, as: DurationUnit(rawValue: unit) != nil ? .duration : .dimension, lookup: lookup)
            }
            if object["colorSpace"] != nil || object["r"] != nil || object["h"] != nil { return try read(raw, as: .color, lookup: lookup) }
            throw ValueError(.missingType, "cannot tell the type of \(JSONDescription.describe(raw)); give it a $type")
        case .array, .null:
            throw ValueError(.missingType, "cannot tell the type of \(JSONDescription.describe(raw)); give it a $type")
        }
    }

    static func resolve(_ path: String, lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        switch lookup(path) {
        case .found(let value): return value
        case .unknown: throw ValueError(.unknownReference, "{\(path)} names no token")
        case .failed: throw ValueError.dependencyFailed
        }
    }

    /// Says what happens to a unit DTCG does not list (docs/skins.md, "Every warning and
    /// error"): it is kept, apps read it in that unit and the CSS output writes it as written.
    /// No advice to convert: a letter spacing of `0.5%` or `0.9285em` has no px equivalent
    /// without the font size it is relative to.
    static func nonDTCGUnitWarning(_ dimension: Dimension) -> ReadingWarning {
        let unit = dimension.unit.rawValue
        let written = NotationNumber.describe(dimension.value) + unit
        let kind = switch dimension.unit {
        case .em: "relative to the font size"
        case .percent: "a share of what it is measured against (the font size, for a line height or a letter spacing)"
        case .vw, .vh: "relative to the viewport"
        case .pt, .dp, .sp: "a platform's unit"
        case .px, .rem: "a DTCG unit"
        }
        return ReadingWarning(
            .nonDTCGUnit, "\(written) is \(kind); DTCG lists only px and rem, so it is kept as it is: apps read it in \(unit) and the CSS output writes \(written)",
            detail: unit)
    }

    /// Reads text as a literal of `type`, or says it is not one.
    mutating func literal(_ text: String, as type: TokenType) -> LiteralReading<TypedValue> {
        switch type {
        case .color:
            return ColorNotation.readReporting(text).map { read in
                warnings += read.warnings
                return TypedValue(.color(read.color))
            }
        case .dimension: return dimensionLiteral(text)
        case .duration:
            return MeasureNotation.duration(text).map { duration in
                // DTCG 2025.10 writes {value, unit}; "200ms" is the pre-2025 draft's form (docs/skins.md, "What tool exports may contain").
                warnings.append(ReadingWarning(.legacyForm, "the duration is written as the text '\(text)'; read as {value, unit}", detail: "duration as text"))
                return TypedValue(.duration(duration))
            }
        case .string: return .value(TypedValue(.string(text)))
        case .fontFamily: return .value(TypedValue(.fontFamily(.single(text))))
        case .fontWeight: return KeywordNotation.fontWeight(text).map { TypedValue(.fontWeight($0)) }
        case .strokeStyle: return KeywordNotation.strokeStyle(text).map { TypedValue(type: .strokeStyle, value: .string($0)) }
        case .asset: return AssetNotation.read(text, assets: assets).map { TypedValue(.asset($0)) }
        case .opaque: return .value(TypedValue(.opaque(typeName: opaqueTypeName, .string(text))))
        case .boolean:
            // Some tools export booleans as strings; the two words are unambiguous.
            guard text == "true" || text == "false" else { return .notLiteral }
            warnings.append(ReadingWarning(.legacyForm, "the boolean is written as the text '\(text)'", detail: "boolean as text"))
            return .value(TypedValue(.boolean(text == "true")))
        case .number:
            let trimmed = text.trimmingASCIIWhitespace()
            if trimmed.hasSuffix("%"), let percent = NotationNumber.parse(trimmed.dropLast()) {
                // Design tools write opacities as percentages.
                warnings.append(ReadingWarning(.legacyForm, "the number is written as the percentage '\(text)'; read as \(NotationNumber.describe(percent / 100))", detail: "number as a percentage"))
                return .value(TypedValue(.number(percent / 100)))
            }
            guard let number = NotationNumber.parse(trimmed) else { return .notLiteral }
            warnings.append(ReadingWarning(.legacyForm, "the number is written as the text '\(text)'", detail: "number as text"))
            return .value(TypedValue(.number(number)))
        case .cubicBezier, .typography, .shadow, .border, .gradient, .transition: return .notLiteral
        }
    }

    /// `"16px"`, `"0.9285em"` (a unit tools export beyond DTCG, kept with a warning), or a
    /// unitless number (a pre-2025 export's px).
    mutating func dimensionLiteral(_ text: String) -> LiteralReading<TypedValue> {
        switch MeasureNotation.dimension(text) {
        case .value(let dimension):
            // DTCG 2025.10 writes {value, unit}; "16px" is the pre-2025 draft's form (docs/skins.md, "What tool exports may contain").
            warnings.append(ReadingWarning(.legacyForm, "the dimension is written as the text '\(text)'; read as {value, unit}", detail: "dimension as text"))
            if !dimension.unit.isDTCG { warnings.append(Self.nonDTCGUnitWarning(dimension)) }
            return .value(TypedValue(.dimension(dimension)))
        case .malformed(let message, let code): return .malformed(message, code: code)
        case .notLiteral:
            guard let number = NotationNumber.parse(text.trimmingASCIIWhitespace()) else { return .notLiteral }
            warnings.append(ReadingWarning(.legacyForm, "the dimension '\(text)' has no unit; read as \(NotationNumber.describe(number))px", detail: "unitless dimension"))
            return .value(TypedValue(.dimension(Dimension(number, .px))))
        }
    }

    /// Converts a value to the expected type where the conversion loses nothing
    /// (a number to a font weight, a string to a font family or stroke-style keyword);
    /// any other difference is a `type-mismatch` naming the expected type and the value.
    static func coerce(_ value: TypedValue, to type: TokenType, origin: String) throws(ValueError) -> TypedValue {
        if value.type == type { return value }
        switch (value.value, type) {
        case (.number(let number), .fontWeight) where (1...1000).contains(number):
            return TypedValue(.fontWeight(number))
        case (.fontWeight(let weight), .number):
            return TypedValue(.number(weight))
        case (.string(let name), .fontFamily):
            return TypedValue(.fontFamily(.single(name)))
        case (.string(let keyword), .strokeStyle) where KeywordNotation.strokeStyles.contains(keyword):
            return TypedValue(type: .strokeStyle, value: .string(keyword))
        case (.string(let text), .string):
            return TypedValue(.string(text))
        case (let other, .opaque):
            // An opaque token's alias: the referenced value as the flat document writes it.
            return TypedValue(.opaque(typeName: TokenType.opaque.rawValue, other.flatJSON))
        default:
            throw ValueError(.typeMismatch, "expected \(type.withArticle), but \(origin) is a \(value)")
        }
    }

    /// How a value of the type is written, for messages.
    static func notationHint(_ type: TokenType) -> String {
        switch type {
        case .color: "a colour notation such as #3366ff, rgb(51 102 255) or a colour name"
        case .dimension: "{\"value\": 16, \"unit\": \"px\"} or \"16px\""
        case .duration: "{\"value\": 200, \"unit\": \"ms\"}"
        case .number: "a JSON number"
        case .boolean: "true or false"
        case .string: "a string"
        case .fontFamily: "a name or an array of names"
        case .fontWeight: "1…1000 or a keyword such as bold"
        case .cubicBezier: "[x1, y1, x2, y2]"
        case .strokeStyle: "a keyword such as solid or dashed, or {dashArray, lineCap}"
        case .asset: "\"sha256:<64 hex digits>\""
        case .opaque: "any JSON value"
        case .typography, .shadow, .border, .gradient, .transition: "a DTCG \(type.rawValue) object"
        }
    }
}
