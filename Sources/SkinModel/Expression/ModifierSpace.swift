/// The colour spaces Tokens Studio's colour modifiers work in (docs/skins.md, "What tool exports may contain": `$extensions
/// ["studio.tokens"].modify`), and its `lighten`, `darken` and `mix` in each, as its
/// sd-transforms does them (`src/color-modifiers/{lighten,darken,mix}.ts`, on colorjs.io):
///
/// - `srgb` (also the expression language's own `lighten`/`darken`/`mix`, WolfCore's, docs/skins.md, "References and expressions"),
///   `p3`: each channel moves toward 1 (`c + amount × (1 − c)`) or 0 (`c × (1 − amount)`), alpha
///   kept; in `p3` the channels are display-p3's;
/// - `hsl`: lightness moves toward 100 or 0 the same way; hue and saturation stay;
/// - `lch` (CIE LCH, D50): lightness the same way, and chroma shrinks by the amount
///   (`C − amount × C`) both when lightening and darkening;
/// - `mix(a, b, t)`: per component in the space, the hue along the shorter arc (an achromatic
///   colour's hue takes the other's), alpha straight (not premultiplied), as colorjs's `mix`.
///
/// The result goes back to sRGB, clipped into 0…1 (`lch` can leave the gamut). Livery keeps the
/// full precision; sd-transforms prints 3 significant digits, which can differ by one 8-bit step.
enum ModifierSpace: String, CaseIterable, Sendable {
    case srgb
    case hsl
    case lch
    case p3

    /// Which component is a hue (degrees), if any.
    var hueIndex: Int? {
        switch self {
        case .hsl: 0
        case .lch: 2
        case .srgb, .p3: nil
        }
    }

    func components(of color: RGBAColor) -> [Double] {
        let rgb = (color.red, color.green, color.blue)
        let converted: ColorSpaces.Triple
        switch self {
        case .srgb: converted = rgb
        case .hsl: converted = ColorSpaces.hslFromSRGB(rgb)
        case .lch: converted = ColorSpaces.lchFromSRGB(rgb)
        case .p3: converted = ColorSpaces.displayP3FromSRGB(rgb)
        }
        return [converted.0, converted.1, converted.2]
    }

    func color(_ c: [Double], alpha: Double) -> RGBAColor {
        let triple = (c[0], c[1], c[2])
        let rgb: ColorSpaces.Triple
        switch self {
        case .srgb: rgb = triple
        case .hsl: rgb = ColorModels.hsl(hue: c[0], saturation: c[1] / 100, lightness: c[2] / 100)
        case .lch: rgb = ColorSpaces.lch(triple)
        case .p3: rgb = ColorSpaces.displayP3(triple)
        }
        return ColorNotation.clip(rgb.0, rgb.1, rgb.2, alpha: alpha).color
    }

    /// `lighten` by `amount` (0…1) in this space.
    func lighten(_ color: RGBAColor, by amount: Double) -> RGBAColor {
        var c = components(of: color)
        switch self {
        case .srgb, .p3: c = c.map { min(1, $0 + (1 - $0) * amount) }
        case .hsl: c[2] = min(100, c[2] + (100 - c[2]) * amount)
        case .lch:
            c[0] = min(100, c[0] + (100 - c[0]) * amount)
            c[1] = max(0, c[1] - amount * c[1])
        }
        return self.color(c, alpha: color.alpha)
    }

    /// `darken` by `amount` (0…1) in this space.
    func darken(_ color: RGBAColor, by amount: Double) -> RGBAColor {
        var c = components(of: color)
        switch self {
        case .srgb, .p3: c = c.map { max(0, $0 * (1 - amount)) }
        case .hsl: c[2] = max(0, c[2] - c[2] * amount)
        case .lch:
            c[0] = max(0, c[0] - c[0] * amount)
            c[1] = max(0, c[1] - amount * c[1])
        }
        return self.color(c, alpha: color.alpha)
    }

    /// Whether components have no hue: no chroma (LCH), or no saturation, or black or white (HSL).
    func isAchromatic(_ c: [Double]) -> Bool {
        switch self {
        case .lch: c[1] < 0.0015  // CSS Color 4's sample code: below this chroma the hue is powerless
        case .hsl: c[1] < 1e-6 || c[2] <= 0 || c[2] >= 100
        case .srgb, .p3: true
        }
    }

    /// `mix(a, b, t)` in this space (colorjs's): `t` 0 is `a`, 1 is `b`; in sRGB a linear blend of
    /// the channels and alpha.
    func mix(_ a: RGBAColor, _ b: RGBAColor, at t: Double) -> RGBAColor {
        if self == .srgb { return a.mixed(with: b, at: t) }
        var (ca, cb) = (components(of: a), components(of: b))
        if let hue = hueIndex {
            // An achromatic colour has no hue (CSS Color 4 "powerless"): it takes the other's.
            let (aGray, bGray) = (isAchromatic(ca), isAchromatic(cb))
            if aGray, !bGray { ca[hue] = cb[hue] } else if bGray, !aGray { cb[hue] = ca[hue] }
            // The shorter arc (CSS Color 4 §12.4.1).
            let delta = cb[hue] - ca[hue]
            if delta > 180 { ca[hue] += 360 } else if delta < -180 { cb[hue] += 360 }
        }
        var mixed = zip(ca, cb).map { $0 + ($1 - $0) * t }
        if let hue = hueIndex { mixed[hue] = mixed[hue].truncatingRemainder(dividingBy: 360) }
        return color(mixed, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }
}
