extension LogRecord {
    /// One JSON object per line, keys sorted by code point, no insignificant whitespace:
    /// `{"http.method":"GET","http.status":200,"level":"info","msg":"request","ts":"…"}\n`.
    ///
    /// Strings escape `"`, `\` and control characters only (as docs/apps.md, "The resolved document" canonical JSON);
    /// everything else is written as UTF-8.
    package func jsonLine() -> [UInt8] {
        var members = fields
        members["ts"] = .string(timestamp.iso8601)
        members["level"] = .string(level.rawValue)
        members["msg"] = .string(message)
        var line: [UInt8] = []
        line.reserveCapacity(128 + fields.count * 32)
        Self.appendJSON(.object(members), to: &line)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    static func appendJSON(_ field: LogField, to out: inout [UInt8]) {
        switch field {
        case .string(let text):
            appendJSONString(text, to: &out)
        case .integer(let number):
            out.append(contentsOf: String(number).utf8)
        case .number(let number):
            // Integral values without ".0", like canonical JSON; finite by construction.
            if number == number.rounded(), abs(number) < 1e15 {
                out.append(contentsOf: String(Int64(number)).utf8)
            } else {
                out.append(contentsOf: String(number).utf8)
            }
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendJSON(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            // Sorted by UTF-8 bytes, which is code-point order.
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendJSONString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                appendJSON(members[key]!, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// - Parameter escapingDelete: also escape DEL (U+007F), for logfmt on terminals; canonical JSON never does.
    static func appendJSONString(_ text: String, to out: inout [UInt8], escapingDelete: Bool = false) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20:
                appendUnicodeEscape(byte, to: &out)
            case 0x7F where escapingDelete:
                appendUnicodeEscape(byte, to: &out)
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func appendUnicodeEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(contentsOf: Array("\\u00".utf8))
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0F)])
    }
}
