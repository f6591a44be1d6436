/// Colours written as JSON objects: DTCG 2025.10 colour objects
/// (`{"colorSpace": "oklch", "components": [0.7, 0.15, 250], "alpha": 0.8, "hex": "#6f9cf0"}`)
/// and SkinKit's dictionaries (`{"r": 0.2, "g": 0.4, "b": 1, "a": 0.5}`, `{"h": …, "s": …, "b": …}`).
extension ColorNotation {
    /// A colour read from an object, and what reading it found: clipped into the sRGB gamut (or
    /// replaced by its `hex` fallback), a `hex` that disagrees with the components, a legacy form.
    struct ObjectColor {
        var color: RGBAColor
        var clipped: Bool
        var warnings: [ReadingWarning] = []
    }

    /// One DTCG Color Module 2025.10 space: its conversion to sRGB (CSS Color 4) and the range
    /// of each component (nil: unbounded). Hue in degrees; HSL/HWB percentages as 0…100.
    struct Space: Sendable {
        let convert: @Sendable (ColorSpaces.Triple) -> ColorSpaces.Triple
        let ranges: [ClosedRange<Double>?]
    }

    static let unit: ClosedRange<Double> = 0...1
    static let hue: ClosedRange<Double> = 0...360
    static let percent: ClosedRange<Double> = 0...100
    static let chroma: ClosedRange<Double> = 0...Double.greatestFiniteMagnitude

    /// The 14 spaces of DTCG Color Module 2025.10 §4.2.
    static let colorSpaces: [String: Space] = [
        "srgb": Space(convert: { $0 }, ranges: [unit, unit, unit]),
        "srgb-linear": Space(convert: ColorSpaces.encode(linearSRGB:), ranges: [unit, unit, unit]),
        "hsl": Space(convert: { ColorModels.hsl(hue: $0.0, saturation: $0.1 / 100, lightness: $0.2 / 100) }, ranges: [hue, percent, percent]),
        "hwb": Space(convert: { ColorModels.hwb(hue: $0.0, whiteness: $0.1 / 100, blackness: $0.2 / 100) }, ranges: [hue, percent, percent]),
        "lab": Space(convert: ColorSpaces.lab, ranges: [percent, nil, nil]),
        "lch": Space(convert: ColorSpaces.lch, ranges: [percent, chroma, hue]),
        "oklab": Space(convert: ColorSpaces.oklab, ranges: [unit, nil, nil]),
        "oklch": Space(convert: ColorSpaces.oklch, ranges: [unit, chroma, hue]),
        "display-p3": Space(convert: ColorSpaces.displayP3, ranges: [unit, unit, unit]),
        "a98-rgb": Space(convert: ColorSpaces.a98RGB, ranges: [unit, unit, unit]),
        "prophoto-rgb": Space(convert: ColorSpaces.proPhotoRGB, ranges: [unit, unit, unit]),
        "rec2020": Space(convert: ColorSpaces.rec2020, ranges: [unit, unit, unit]),
        "xyz-d65": Space(convert: ColorSpaces.fromXYZD65, ranges: [nil, nil, nil]),
        "xyz-d50": Space(convert: ColorSpaces.fromXYZD50, ranges: [nil, nil, nil]),
    ]

    /// Converted channels within this distance outside 0…1 are conversion noise (a spec example's
    /// rounded components), not out of gamut: less than half of one 8-bit step.
    static let gamutTolerance = 0.5 / 255

    static func read(object: JSONObject) -> LiteralReading<ObjectColor> {
        if object["colorSpace"] != nil { return dtcg(object) }
        if object["r"] != nil { return dictionary(object, labels: ["r", "g", "b"], hsb: false) }
        if object["h"] != nil { return dictionary(object, labels: ["h", "s", "b"], hsb: true) }
        return .notLiteral
    }

    static func dtcg(_ written: JSONObject) -> LiteralReading<ObjectColor> {
        var object = written
        var warnings: [ReadingWarning] = []
        if object["components"] == nil, let channels = object["channels"] {
            object["channels"] = nil
            object["components"] = channels
            warnings.append(ReadingWarning(.legacyForm, "a pre-2025 colour's 'channels' read as 'components'", detail: "colour channels"))
        }
        for key in object.keys where !["colorSpace", "components", "alpha", "hex"].contains(key) {
            return .malformed("unexpected member '\(key)' in a DTCG colour (colorSpace, components, alpha, hex)")
        }
        guard case .string(let spaceName) = object["colorSpace"]! else {
            return .malformed("colorSpace must be a string, found \(JSONDescription.describe(object["colorSpace"]!))")
        }
        guard let space = colorSpaces[spaceName] else {
            return .malformed(
                "colour space '\(spaceName)' is not one of DTCG's (\(colorSpaces.keys.sorted().joined(separator: ", ")))", code: .unsupportedColorSpace)
        }
        guard case .array(let elements) = object["components"] ?? .null, elements.count == 3 else {
            return .malformed("a \(spaceName) colour needs 'components': an array of 3 numbers, found \(object["components"].map(JSONDescription.describe) ?? "none")")
        }
        var components: [Double] = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .number(let number):
                if let range = space.ranges[index], !range.contains(number) {
                    return .malformed("\(spaceName) component \(index + 1), \(NotationNumber.describe(number)), is outside \(describe(range))")
                }
                components.append(number)
            case .string("none"): components.append(0)  // DTCG 2025.10: a missing component reads as 0
            default: return .malformed("colour component \(JSONDescription.describe(element)) is not a number or \"none\"")
            }
        }
        var alpha = 1.0
        if let alphaValue = object["alpha"] {
            switch alphaValue {
            case .number(let number) where (0...1).contains(number): alpha = number
            case .string("none"): alpha = 0
            default: return .malformed("alpha \(JSONDescription.describe(alphaValue)) is not a number in 0…1")
            }
        }
        var fallback: RGBAColor?
        if let hexValue = object["hex"] {
            guard case .string(let text) = hexValue, text.hasPrefix("#"), case .value(let color) = hex(text.dropFirst(), written: text) else {
                return .malformed("hex \(JSONDescription.describe(hexValue)) is not a hex colour like \"#3366ff\"")
            }
            fallback = color
        }
        let (r, g, b) = space.convert((components[0], components[1], components[2]))
        var read = clip(r, g, b, alpha: alpha)
        read.warnings = warnings
        if read.clipped, var fallback {
            // Outside sRGB: the exporter's own sRGB rendering beats clipping (DTCG Color §4.1.4).
            fallback.alpha = alpha
            read.color = fallback
            read.warnings.append(ReadingWarning(.outOfGamut, "the \(spaceName) colour \(JSONDescription.describe(.array(elements))) is outside sRGB; its hex fallback \(fallback.hexString.prefix(7)) is used", detail: "hex fallback used"))
        } else if read.clipped {
            read.warnings.append(ReadingWarning(.outOfGamut, "the \(spaceName) colour \(JSONDescription.describe(.array(elements))) is outside sRGB; clipped to \(read.color.hexString)", detail: "clipped"))
        } else if let fallback, fallback.hexString.prefix(7) != read.color.hexString.prefix(7) {
            read.warnings.append(ReadingWarning(.hexMismatch, "hex \(fallback.hexString.prefix(7)) disagrees with the \(spaceName) components (\(read.color.hexString.prefix(7))); the components win"))
        }
        return .value(read)
    }

    static func describe(_ range: ClosedRange<Double>) -> String {
        range.upperBound == Double.greatestFiniteMagnitude
            ? "0 or more" : "\(NotationNumber.describe(range.lowerBound))…\(NotationNumber.describe(range.upperBound))"
    }

    /// Clips each channel into 0…1, reporting whether any was noticeably outside.
    static func clip(_ r: Double, _ g: Double, _ b: Double, alpha: Double) -> ObjectColor {
        let channels = [r, g, b]
        let clipped = channels.contains { $0 < -gamutTolerance || $0 > 1 + gamutTolerance }
        let inside = channels.map { min(max($0, 0), 1) }
        return ObjectColor(color: RGBAColor(red: inside[0], green: inside[1], blue: inside[2], alpha: alpha), clipped: clipped)
    }

    static func dictionary(_ object: JSONObject, labels: [String], hsb: Bool) -> LiteralReading<ObjectColor> {
        let allowed = labels + ["a"]
        for key in object.keys where !allowed.contains(key) {
            return .malformed("unexpected member '\(key)' in a {\(allowed.joined(separator: ","))} colour")
        }
        var values: [Double] = []
        for label in allowed {
            guard let value = object[label] else {
                if label == "a" { break }
                return .malformed("a {\(allowed.joined(separator: ","))} colour needs '\(label)'")
            }
            guard case .number(let number) = value, (0...1).contains(number) else {
                return .malformed("'\(label)' \(JSONDescription.describe(value)) is not a number in 0…1")
            }
            values.append(number)
        }
        let alpha = values.count == 4 ? values[3] : 1
        if hsb {
            let (r, g, b) = ColorModels.hsb(hue: values[0], saturation: values[1], brightness: values[2])
            return .value(ObjectColor(color: RGBAColor(red: r, green: g, blue: b, alpha: alpha), clipped: false))
        }
        return .value(ObjectColor(color: RGBAColor(red: values[0], green: values[1], blue: values[2], alpha: alpha), clipped: false))
    }
}
