/// Number layout for canonical JSON.
///
/// Swift's `Double.description` already produces the shortest digits that round-trip;
/// only its layout varies (`16.0`, `1e+16`, `1e-07`). We take its digits and exponent
/// and lay them out as ECMAScript does, so the form is fixed by a published rule
/// (RFC 8785 §3.2.2.3) rather than by a stdlib's printing habits.
extension CanonicalJSON {
    static func appendNumber(_ number: Double, to output: inout [UInt8]) {
        guard number.isFinite else {
            output.append(contentsOf: Array("null".utf8))
            return
        }
        if number == 0 {
            output.append(UInt8(ascii: "0"))  // also -0
            return
        }
        // Fast path: integers below 2^53 print as their digits.
        if number.rounded(.towardZero) == number, abs(number) < 9_007_199_254_740_992 {
            output.append(contentsOf: Array(String(Int64(number)).utf8))
            return
        }
        output.append(contentsOf: Array(format(number).utf8))
    }

    /// ECMAScript `Number::toString` layout of the shortest round-trip digits.
    static func format(_ number: Double) -> String {
        let (digits, pointPosition) = shortestDigits(abs(number))
        let k = digits.count
        let n = pointPosition  // value = 0.d1d2…dk × 10^n
        var result = number < 0 ? "-" : ""
        if k <= n, n <= 21 {
            result += digits + String(repeating: "0", count: n - k)
        } else if 0 < n, n <= 21 {
            result += digits.prefix(n) + "." + digits.dropFirst(n)
        } else if -6 < n, n <= 0 {
            result += "0." + String(repeating: "0", count: -n) + digits
        } else {
            let exponent = n - 1
            result += digits.prefix(1)
            if k > 1 { result += "." + digits.dropFirst() }
            result += exponent < 0 ? "e-" : "e+"
            result += String(abs(exponent))
        }
        return result
    }

    /// The significant digits of `Double.description` (no leading or trailing zeros)
    /// and the position of the decimal point relative to them.
    static func shortestDigits(_ magnitude: Double) -> (digits: String, pointPosition: Int) {
        let text = magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...].replacing("+", with: "")) ?? 0
        }
        let integerPart: Substring
        let fractionPart: Substring
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fractionPart = mantissa[mantissa.index(after: dot)...]
        } else {
            integerPart = mantissa
            fractionPart = ""
        }
        var digits = Array(integerPart + fractionPart)
        var point = integerPart.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (String(digits), point)
    }
}
