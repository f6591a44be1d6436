// The Swift standard library has no `pow`, `sin` or `cos` for Double; the platform C
// math library does. These are pure functions (no I/O, no state), so importing the C
// library for them keeps the target pure; everything else in SkinModel is stdlib only.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The few transcendental functions colour conversion needs.
enum Math {
    static func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }
    static func sine(_ x: Double) -> Double { sin(x) }
    static func cosine(_ x: Double) -> Double { cos(x) }
    static func squareRoot(_ x: Double) -> Double { x.squareRoot() }
    static func arctangent(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
    static func cubeRoot(_ x: Double) -> Double { cbrt(x) }
}
