/// The cylindrical colour models the notations use, converted to sRGB.
///
/// Formulas from CSS Color 4 §7 (HSL) and §8 (HWB); HSB (also called HSV) as
/// UIKit's `UIColor(hue:saturation:brightness:alpha:)` defines it.
enum ColorModels {
    /// HSL to sRGB. Hue in degrees (any value, wrapped), saturation and lightness in 0…1.
    static func hsl(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let wrapped = k < 0 ? k + 12 : k
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(wrapped - 3, 9 - wrapped, 1))
        }
        return (channel(0), channel(8), channel(4))
    }

    /// HWB to sRGB. Hue in degrees, whiteness and blackness in 0…1 (normalised when their sum exceeds 1).
    static func hwb(hue: Double, whiteness: Double, blackness: Double) -> (Double, Double, Double) {
        if whiteness + blackness >= 1 {
            let gray = whiteness / (whiteness + blackness)
            return (gray, gray, gray)
        }
        let (r, g, b) = hsl(hue: hue, saturation: 1, lightness: 0.5)
        let scale = 1 - whiteness - blackness
        return (r * scale + whiteness, g * scale + whiteness, b * scale + whiteness)
    }

    /// HSB (HSV) to sRGB, every component in 0…1 (hue 1 = 360°).
    static func hsb(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        func channel(_ n: Double) -> Double {
            let k = (n + hue * 6).truncatingRemainder(dividingBy: 6)
            return brightness - brightness * saturation * max(0, min(k, 4 - k, 1))
        }
        return (channel(5), channel(3), channel(1))
    }
}
