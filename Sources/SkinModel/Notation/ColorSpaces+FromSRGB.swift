/// The way back from sRGB, for the spaces the colour modifiers of `Import/TokensStudioForms.swift` work in (docs/skins.md, "What tool exports may contain"):
/// CIE LCH (D50, via Bradford), display-p3 and HSL, with CSS Color 4's matrices (§18,
/// `conversions.js`). ``ColorSpaces`` holds the way there.
extension ColorSpaces {
    static let linearSRGBToXYZ: Matrix = (
        (506752.0 / 1228815.0, 87881.0 / 245763.0, 12673.0 / 70218.0),
        (87098.0 / 409605.0, 175762.0 / 245763.0, 12673.0 / 175545.0),
        (7918.0 / 409605.0, 87881.0 / 737289.0, 1001167.0 / 1053270.0)
    )

    static let xyzToLinearP3: Matrix = (
        (446124.0 / 178915.0, -333277.0 / 357830.0, -72051.0 / 178915.0),
        (-14852.0 / 17905.0, 63121.0 / 35810.0, 423.0 / 17905.0),
        (11844.0 / 330415.0, -50337.0 / 660830.0, 316169.0 / 330415.0)
    )

    /// CSS Color 4: Bradford chromatic adaptation D65 → D50.
    static let d65ToD50: Matrix = (
        (1.0479297925449969, 0.022946870601609652, -0.05019226628920524),
        (0.02962780877005599, 0.9904344267538799, -0.017073799063418826),
        (-0.009243040646204504, 0.015055191490298152, 0.7518742814281371)
    )

    static func linear(_ c: Triple) -> Triple { (gammaDecode(c.0), gammaDecode(c.1), gammaDecode(c.2)) }

    /// sRGB → display-p3 (same transfer curve, other primaries).
    static func displayP3FromSRGB(_ c: Triple) -> Triple {
        let p3 = multiply(xyzToLinearP3, multiply(linearSRGBToXYZ, linear(c)))
        return (gammaEncode(p3.0), gammaEncode(p3.1), gammaEncode(p3.2))
    }

    /// sRGB → CIE LCH (D50): lightness 0…100, chroma, hue in degrees 0..<360.
    static func lchFromSRGB(_ c: Triple) -> Triple {
        let xyz = multiply(d65ToD50, multiply(linearSRGBToXYZ, linear(c)))
        let kappa = 24389.0 / 27.0
        let epsilon = 216.0 / 24389.0
        func f(_ t: Double) -> Double { t > epsilon ? Math.cubeRoot(t) : (kappa * t + 16) / 116 }
        let (f0, f1, f2) = (f(xyz.0 / d50White.0), f(xyz.1 / d50White.1), f(xyz.2 / d50White.2))
        let (a, b) = (500 * (f0 - f1), 200 * (f1 - f2))
        var hue = Math.arctangent(b, a) * 180 / .pi
        if hue < 0 { hue += 360 }
        return (116 * f1 - 16, (a * a + b * b).squareRoot(), hue)
    }

    /// sRGB → HSL (CSS Color 4 §7): hue in degrees, saturation and lightness 0…100.
    static func hslFromSRGB(_ c: Triple) -> Triple {
        let high = max(c.0, c.1, c.2)
        let low = min(c.0, c.1, c.2)
        let lightness = (high + low) / 2
        let delta = high - low
        guard delta != 0 else { return (0, 0, lightness * 100) }
        let saturation = lightness == 0 || lightness == 1 ? 0 : (high - lightness) / min(lightness, 1 - lightness)
        var hue: Double
        switch high {
        case c.0: hue = (c.1 - c.2) / delta + (c.1 < c.2 ? 6 : 0)
        case c.1: hue = (c.2 - c.0) / delta + 2
        default: hue = (c.0 - c.1) / delta + 4
        }
        hue *= 60
        return (hue >= 360 ? hue - 360 : hue, saturation * 100, lightness * 100)
    }
}
