extension LogRecord {
    /// `ts=… level=info msg="request" http.method=GET http.status=200\n`.
    ///
    /// Values are bare unless they are empty or contain a space, `"`, `=`, `\` or a control
    /// character (or DEL); then they are quoted, escaping `"` and `\` with a backslash and
    /// control characters as `\n`, `\r`, `\t` or `\u00XX` (DEL too), as go-logfmt reads them. `msg` is
    /// always quoted, so the message is easy to pick out. Keys are made of anything but
    /// spaces, `=`, `"` and control characters (each replaced by `_`).
    package func logfmt() -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(128 + fields.count * 24)
        line.append(contentsOf: "ts=\(timestamp.iso8601) level=\(level.rawValue) msg=".utf8)
        Self.appendQuoted(message, to: &line)
        for (key, value) in sortedFields {
            line.append(UInt8(ascii: " "))
            Self.appendKey(key, to: &line)
            line.append(UInt8(ascii: "="))
            switch value {
            case .string(let text): Self.appendValue(text, to: &line)
            case .integer(let number): line.append(contentsOf: String(number).utf8)
            case .number(let number): line.append(contentsOf: String(number).utf8)
            case .bool(let flag): line.append(contentsOf: (flag ? "true" : "false").utf8)
            case .array, .object:
                var json: [UInt8] = []
                Self.appendJSON(value, to: &json)
                Self.appendValue(String(decoding: json, as: UTF8.self), to: &line)
            }
        }
        line.append(UInt8(ascii: "\n"))
        return line
    }

    static func needsQuoting(_ text: String) -> Bool {
        text.isEmpty || text.utf8.contains { byte in
            byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\\")
        }
    }

    static func appendValue(_ text: String, to line: inout [UInt8]) {
        if needsQuoting(text) {
            appendQuoted(text, to: &line)
        } else {
            line.append(contentsOf: text.utf8)
        }
    }

    private static func appendKey(_ key: String, to line: inout [UInt8]) {
        if key.isEmpty {
            line.append(UInt8(ascii: "_"))
            return
        }
        for byte in key.utf8 {
            let invalid = byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=")
            line.append(invalid ? UInt8(ascii: "_") : byte)
        }
    }

    /// Quoted with the same escapes as JSON strings (logfmt readers accept them).
    private static func appendQuoted(_ text: String, to line: inout [UInt8]) {
        appendJSONString(text, to: &line, escapingDelete: true)
    }
}
