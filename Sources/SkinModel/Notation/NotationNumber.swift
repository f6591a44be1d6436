/// Decimal numbers as written inside notations (`.5`, `0.25`, `-3`, `1e-3`).
///
/// `Double(String)` alone is too lenient for user input (it accepts `inf`, `nan`
/// and hexadecimal floats), so the shape is checked first.
enum NotationNumber {
    /// Parses `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, or returns nil.
    static func parse(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        guard matches(bytes) else { return nil }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    static func matches(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var mantissaDigits = 0
        while index < bytes.count, isDigit(bytes[index]) {
            index += 1
            mantissaDigits += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                index += 1
                mantissaDigits += 1
            }
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            var exponentDigits = 0
            while index < bytes.count, isDigit(bytes[index]) {
                index += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else { return false }
        }
        return index == bytes.count
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A number for messages: `0.5`, `16`, no trailing `.0`.
    static func describe(_ value: Double) -> String {
        String(decoding: CanonicalJSON.encode(.number(value)), as: UTF8.self)
    }
}
