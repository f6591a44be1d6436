/// WCAG 2 contrast (Understanding SC 1.4.3): relative luminance of the linearised sRGB
/// channels, ratio `(L1 + 0.05) / (L2 + 0.05)`. Alpha is ignored: tokens do not know
/// what a translucent colour will be composited over.
extension RGBAColor {
    /// WCAG 2 relative luminance, 0 (black) … 1 (white). The linearisation threshold is
    /// the sRGB standard's 0.04045 (WCAG 2.0 printed 0.03928; no 8-bit value falls between).
    var relativeLuminance: Double {
        0.2126 * ColorSpaces.gammaDecode(red) + 0.7152 * ColorSpaces.gammaDecode(green) + 0.0722 * ColorSpaces.gammaDecode(blue)
    }

    /// The WCAG 2 contrast ratio with another colour, 1…21.
    package func contrastRatio(with other: RGBAColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Each channel and alpha blended linearly: `self * (1 - t) + other * t`.
    func mixed(with other: RGBAColor, at t: Double) -> RGBAColor {
        RGBAColor(
            red: red * (1 - t) + other.red * t, green: green * (1 - t) + other.green * t,
            blue: blue * (1 - t) + other.blue * t, alpha: alpha * (1 - t) + other.alpha * t)
    }
}

extension RGBAColor {
    /// This colour painted over `base` (source-over, straight alpha), as the eye sees a
    /// translucent text on its surface; `base` is taken as opaque.
    package func composited(over base: RGBAColor) -> RGBAColor {
        guard alpha < 1 else { return self }
        let blend = { (top: Double, bottom: Double) in top * alpha + bottom * (1 - alpha) }
        return RGBAColor(red: blend(red, base.red), green: blend(green, base.green), blue: blend(blue, base.blue), alpha: 1)
    }
}
