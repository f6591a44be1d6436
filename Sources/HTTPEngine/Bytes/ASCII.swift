/// Byte classes of RFC 9110 §5.6 and RFC 9112, as branch-light tests on single bytes.
enum ASCII {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let sp: UInt8 = 32
    static let htab: UInt8 = 9
    static let colon: UInt8 = 58
    static let comma: UInt8 = 44
    static let semicolon: UInt8 = 59
    static let slash: UInt8 = 47
    static let question: UInt8 = 63
    static let percent: UInt8 = 37
    static let dquote: UInt8 = 34
    static let equals: UInt8 = 61

    /// `tchar` (RFC 9110 §5.6.2): the characters of a token (method, field name, coding).
    @inline(__always)
    static func isTokenChar(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whitespace allowed around field values (`OWS`, RFC 9110 §5.6.3).
    @inline(__always)
    static func isWhitespace(_ c: UInt8) -> Bool { c == sp || c == htab }

    @inline(__always)
    static func lower(_ c: UInt8) -> UInt8 {
        (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) ? c | 0x20 : c
    }

    @inline(__always)
    static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }

    /// Case-insensitive equality of `bytes` with a lower-case ASCII `name`.
    @inline(__always)
    static func equalsLowercased(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let n = name.utf8Start
        for i in 0..<bytes.count where lower(bytes[i]) != n[i] { return false }
        return true
    }

    /// Case-insensitive equality of `bytes` with `name`'s UTF-8.
    @inline(__always)
    static func equalsCaseInsensitive(_ bytes: UnsafeRawBufferPointer, _ name: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == name.count else { return false }
        for i in 0..<bytes.count where lower(bytes[i]) != lower(name[i]) { return false }
        return true
    }
}
