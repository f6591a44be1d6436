/// Conversions from the DTCG 2025.10 colour spaces Livery accepts to sRGB,
/// with the matrices of CSS Color 4 §18 (sample code), D65 throughout.
enum ColorSpaces {
    /// sRGB transfer function, encoding (linear → gamma), sign-preserving as CSS does for out-of-gamut values.
    static func gammaEncode(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * Math.power(magnitude, 1 / 2.4) - 0.055
        return linear < 0 ? -encoded : encoded
    }

    /// sRGB transfer function, decoding (gamma → linear); display-p3 uses the same curve.
    static func gammaDecode(_ encoded: Double) -> Double {
        let magnitude = abs(encoded)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : Math.power((magnitude + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -linear : linear
    }

    typealias Matrix = (Triple, Triple, Triple)
    typealias Triple = (Double, Double, Double)

    static func multiply(_ m: Matrix, _ v: Triple) -> Triple {
        (
            m.0.0 * v.0 + m.0.1 * v.1 + m.0.2 * v.2,
            m.1.0 * v.0 + m.1.1 * v.1 + m.1.2 * v.2,
            m.2.0 * v.0 + m.2.1 * v.1 + m.2.2 * v.2
        )
    }

    static let linearP3ToXYZ: Matrix = (
        (0.4865709486482162, 0.26566769316909306, 0.1982172852343625),
        (0.2289745640697488, 0.6917385218365064, 0.079286914093745),
        (0.0000000000000000, 0.04511338185890264, 1.043944368900976)
    )

    static let xyzToLinearSRGB: Matrix = (
        (3.2409699419045226, -1.537383177570094, -0.4986107602930034),
        (-0.9692436362808796, 1.8759675015077202, 0.04155505740717559),
        (0.05563007969699366, -0.20397695888897652, 1.0569715142428786)
    )

    static let oklabToLMS: Matrix = (
        (1.0000000000000000, 0.3963377773761749, 0.2158037573099136),
        (1.0000000000000000, -0.1055613458156586, -0.0638541728258133),
        (1.0000000000000000, -0.0894841775298119, -1.2914855480194092)
    )

    static let lmsToXYZ: Matrix = (
        (1.2268798758459243, -0.5578149944602171, 0.2813910456659647),
        (-0.0405757452148008, 1.1122868032803170, -0.0717110580655164),
        (-0.0763729366746601, -0.4214933324022432, 1.5869240198367816)
    )

    static func encode(linearSRGB: Triple) -> Triple {
        (gammaEncode(linearSRGB.0), gammaEncode(linearSRGB.1), gammaEncode(linearSRGB.2))
    }

    static func displayP3(_ c: Triple) -> Triple {
        let linear = (gammaDecode(c.0), gammaDecode(c.1), gammaDecode(c.2))
        return encode(linearSRGB: multiply(xyzToLinearSRGB, multiply(linearP3ToXYZ, linear)))
    }

    static func oklab(_ lab: Triple) -> Triple {
        let lms = multiply(oklabToLMS, lab)
        let cubed = (lms.0 * lms.0 * lms.0, lms.1 * lms.1 * lms.1, lms.2 * lms.2 * lms.2)
        return encode(linearSRGB: multiply(xyzToLinearSRGB, multiply(lmsToXYZ, cubed)))
    }

    static func oklch(_ lch: Triple) -> Triple {
        let radians = lch.2 * .pi / 180
        return oklab((lch.0, lch.1 * Math.cosine(radians), lch.1 * Math.sine(radians)))
    }
}
