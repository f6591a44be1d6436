/// The rest of DTCG Color Module 2025.10's spaces, converted to sRGB with CSS Color 4's
/// sample code (§18, `conversions.js`): Lab/LCH (D50, via Bradford), a98-rgb, prophoto-rgb
/// (D50), rec2020, and XYZ in both white points.
extension ColorSpaces {
    /// CSS Color 4: Bradford chromatic adaptation D50 → D65.
    static let d50ToD65: Matrix = (
        (0.955473421488075, -0.02309845494876471, 0.06325924320057072),
        (-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
        (0.012314014864481998, -0.020507649298898964, 1.330365926242124)
    )

    static let linearA98ToXYZ: Matrix = (
        (0.5766690429101305, 0.1855582379065463, 0.1882286462349947),
        (0.29734497525053605, 0.6273635662554661, 0.07529145849399788),
        (0.02703136138641234, 0.07068885253582723, 0.9913375368376388)
    )

    /// To XYZ D50.
    static let linearProPhotoToXYZ: Matrix = (
        (0.7977666449006423, 0.13518129740053308, 0.0313477341283922),
        (0.2880748288194013, 0.711835234241873, 0.00008993693872564),
        (0.0, 0.0, 0.8251046025104602)
    )

    static let linearRec2020ToXYZ: Matrix = (
        (0.6369580483012914, 0.14461690358620832, 0.1688809751641721),
        (0.2627002120112671, 0.6779980715188708, 0.05930171646986196),
        (0.0, 0.028072693049087428, 1.060985057710791)
    )

    /// The D50 white point CSS Color 4 uses for Lab: x 0.3457, y 0.3585.
    static let d50White: Triple = (0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585)

    static func fromXYZD65(_ xyz: Triple) -> Triple { encode(linearSRGB: multiply(xyzToLinearSRGB, xyz)) }
    static func fromXYZD50(_ xyz: Triple) -> Triple { fromXYZD65(multiply(d50ToD65, xyz)) }

    static func signed(_ c: Double, _ transform: (Double) -> Double) -> Double { c < 0 ? -transform(-c) : transform(c) }

    static func a98RGB(_ c: Triple) -> Triple {
        let decode = { (v: Double) in signed(v) { Math.power($0, 563.0 / 256.0) } }
        return fromXYZD65(multiply(linearA98ToXYZ, (decode(c.0), decode(c.1), decode(c.2))))
    }

    static func proPhotoRGB(_ c: Triple) -> Triple {
        let decode = { (v: Double) in signed(v) { $0 <= 16.0 / 512.0 ? $0 / 16 : Math.power($0, 1.8) } }
        return fromXYZD50(multiply(linearProPhotoToXYZ, (decode(c.0), decode(c.1), decode(c.2))))
    }

    static func rec2020(_ c: Triple) -> Triple {
        let alpha = 1.09929682680944
        let beta = 0.018053968510807
        let decode = { (v: Double) in signed(v) { $0 < beta * 4.5 ? $0 / 4.5 : Math.power(($0 + alpha - 1) / alpha, 1 / 0.45) } }
        return fromXYZD65(multiply(linearRec2020ToXYZ, (decode(c.0), decode(c.1), decode(c.2))))
    }

    /// CIE Lab (D50) → XYZ D50 → sRGB.
    static func lab(_ lab: Triple) -> Triple {
        let kappa = 24389.0 / 27.0
        let epsilon = 216.0 / 24389.0
        let f1 = (lab.0 + 16) / 116
        let f0 = lab.1 / 500 + f1
        let f2 = f1 - lab.2 / 200
        let x = f0 * f0 * f0 > epsilon ? f0 * f0 * f0 : (116 * f0 - 16) / kappa
        let y = lab.0 > kappa * epsilon ? f1 * f1 * f1 : lab.0 / kappa
        let z = f2 * f2 * f2 > epsilon ? f2 * f2 * f2 : (116 * f2 - 16) / kappa
        return fromXYZD50((x * d50White.0, y * d50White.1, z * d50White.2))
    }

    static func lch(_ lch: Triple) -> Triple {
        let radians = lch.2 * .pi / 180
        return lab((lch.0, lch.1 * Math.cosine(radians), lch.1 * Math.sine(radians)))
    }
}
