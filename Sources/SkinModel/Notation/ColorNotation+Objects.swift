/// Colours written as JSON objects: DTCG 2025.10 colour objects
/// (`{"colorSpace": "oklch", "components": [0.7, 0.15, 250], "alpha": 0.8, "hex": "#6f9cf0"}`)
/// and SkinKit's dictionaries (`{"r": 0.2, "g": 0.4, "b": 1, "a": 0.5}`, `{"h": …, "s": …, "b": …}`).
extension ColorNotation {
    /// A colour read from an object, and whether it had to be clipped into the sRGB gamut.
    struct ObjectColor {
        var color: RGBAColor
        var clipped: Bool
    }

    /// The colour spaces Livery converts (DTCG 2025.10 §8.1 names) and how each becomes sRGB.
    /// Components are as DTCG writes them: hue in degrees, HSL/HWB percentages as 0…100.
    static let colorSpaces: [String: @Sendable ([Double]) -> (Double, Double, Double)] = [
        "srgb": { ($0[0], $0[1], $0[2]) },
        "srgb-linear": { ColorSpaces.encode(linearSRGB: ($0[0], $0[1], $0[2])) },
        "hsl": { ColorModels.hsl(hue: $0[0], saturation: $0[1] / 100, lightness: $0[2] / 100) },
        "hwb": { ColorModels.hwb(hue: $0[0], whiteness: $0[1] / 100, blackness: $0[2] / 100) },
        "display-p3": { ColorSpaces.displayP3(($0[0], $0[1], $0[2])) },
        "oklab": { ColorSpaces.oklab(($0[0], $0[1], $0[2])) },
        "oklch": { ColorSpaces.oklch(($0[0], $0[1], $0[2])) },
    ]

    /// Values within this distance outside 0…1 are rounding noise of the matrices, not out of gamut.
    static let gamutTolerance = 1e-6

    static func read(object: JSONObject) -> LiteralReading<ObjectColor> {
        if object["colorSpace"] != nil { return dtcg(object) }
        if object["r"] != nil { return dictionary(object, labels: ["r", "g", "b"], hsb: false) }
        if object["h"] != nil { return dictionary(object, labels: ["h", "s", "b"], hsb: true) }
        return .notLiteral
    }

    static func dtcg(_ object: JSONObject) -> LiteralReading<ObjectColor> {
        for key in object.keys where !["colorSpace", "components", "alpha", "hex"].contains(key) {
            return .malformed("unexpected member '\(key)' in a DTCG colour (colorSpace, components, alpha, hex)")
        }
        guard case .string(let space) = object["colorSpace"]! else {
            return .malformed("colorSpace must be a string, found \(JSONDescription.describe(object["colorSpace"]!))")
        }
        guard let convert = colorSpaces[space] else {
            return .malformed(
                "colour space '\(space)' is not supported (use srgb, srgb-linear, hsl, hwb, display-p3, oklab or oklch)",
                code: .unsupportedColorSpace)
        }
        guard case .array(let elements) = object["components"] ?? .null, elements.count == 3 else {
            return .malformed("a \(space) colour needs 'components': an array of 3 numbers, found \(object["components"].map(JSONDescription.describe) ?? "none")")
        }
        var components: [Double] = []
        for element in elements {
            switch element {
            case .number(let number): components.append(number)
            case .string("none"): components.append(0)  // DTCG 2025.10: a missing component
            default: return .malformed("colour component \(JSONDescription.describe(element)) is not a number or \"none\"")
            }
        }
        var alpha = 1.0
        if let alphaValue = object["alpha"] {
            guard case .number(let number) = alphaValue, (0...1).contains(number) else {
                return .malformed("alpha \(JSONDescription.describe(alphaValue)) is not a number in 0…1")
            }
            alpha = number
        }
        if let hexValue = object["hex"] {
            guard case .string(let text) = hexValue, text.hasPrefix("#"), case .value = hex(text.dropFirst(), written: text) else {
                return .malformed("hex \(JSONDescription.describe(hexValue)) is not a hex colour like \"#3366ff\"")
            }
        }
        let (r, g, b) = convert(components)
        return .value(clip(r, g, b, alpha: alpha))
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
