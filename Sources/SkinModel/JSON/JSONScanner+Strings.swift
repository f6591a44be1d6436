/// String scanning: RFC 8259 §7 escapes, and UTF-8 validated here (RFC 3629 §4)
/// rather than repaired, so a corrupted upload is rejected instead of silently altered.
extension JSONScanner {
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes — validate in place and decode the slice once.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped control character \(describeByte(at: index)) in a string") }
            if byte < 0x80 {
                index += 1
            } else {
                try skipMultibyteSequence()
            }
        }
        guard index < bytes.count else { throw error("unterminated string") }
        // Slow path: copy what was scanned, then decode escapes as they come.
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &buffer)
            } else if byte < 0x20 {
                throw error("unescaped control character \(describeByte(at: index)) in a string")
            } else if byte < 0x80 {
                buffer.append(byte)
                index += 1
            } else {
                let sequenceStart = index
                try skipMultibyteSequence()
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<index]))
            }
        }
        throw error("unterminated string")
    }

    /// Validates one multi-byte UTF-8 sequence at `index` and moves past it.
    /// Rejects overlong forms, surrogates and scalars above U+10FFFF (RFC 3629 §4 table).
    mutating func skipMultibyteSequence() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let count: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; secondRange = 0x80...0x9F
        case 0xF0: count = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8 (\(describeByte(at: index)))")
        }
        guard index + count <= bytes.count else { throw error("invalid UTF-8 (truncated sequence)") }
        guard secondRange.contains(bytes[index + 1]) else { throw error("invalid UTF-8 (\(describeByte(at: index + 1)) after \(describeByte(at: index)))") }
        for offset in 2..<max(count, 2) where bytes[index + offset] & 0xC0 != 0x80 {
            throw error("invalid UTF-8 (\(describeByte(at: index + offset)) in a multi-byte sequence)")
        }
        index += count
    }

    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        index += 1  // backslash
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // RFC 8259 §7: characters outside the BMP are escaped as a UTF-16 surrogate pair.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("lone high surrogate \\u\(hex4(scalar)) in a string")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("high surrogate \\u\(hex4(scalar)) not followed by a low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("lone low surrogate \\u\(hex4(scalar)) in a string")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid escape") }
            buffer.append(contentsOf: UTF8.encode(unicode)!)
        default:
            index -= 1
            throw error("invalid escape '\\\(describeByte(at: index))' in a string")
        }
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit \(describeByte(at: index)) in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
