extension RequestLogLine {
    /// The line, newline included, byte for byte what ``LogRecord`` renders for ``metadata``
    /// at level `info` with the message `request`, written field by field: the keys are fixed,
    /// so their sorted order is too, and numbers are appended without Strings.
    ///
    /// - Parameter timestamps: the writer's formatter (it remembers the current second).
    package func rendered(as format: LogFormatSetting, timestamps: inout LogTimestampFormatter) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(192)
        append(as: format, to: &line, timestamps: &timestamps)
        return line
    }

    /// Appends the line (newline included) to a buffer of lines, such as a ``LogBatch``'s.
    func append(as format: LogFormatSetting, to line: inout [UInt8], timestamps: inout LogTimestampFormatter) {
        switch format {
        case .logfmt: appendLogfmt(to: &line, timestamps: &timestamps)
        case .json: appendJSON(to: &line, timestamps: &timestamps)
        }
        line.append(UInt8(ascii: "\n"))
    }

    /// `ts=… level=info msg="request" http.bytes=… http.duration_ms=… [http.held_ms=…] http.method=… http.path=… http.status=…`
    private func appendLogfmt(to line: inout [UInt8], timestamps: inout LogTimestampFormatter) {
        line.append(contentsOf: "ts=".utf8)
        timestamps.append(timestamp, to: &line)
        line.append(contentsOf: " level=info msg=\"request\" http.bytes=".utf8)
        Self.appendDecimal(bodyBytes, to: &line)
        line.append(contentsOf: " http.duration_ms=".utf8)
        Self.appendMilliseconds(duration, to: &line)
        if let held {
            line.append(contentsOf: " http.held_ms=".utf8)
            Self.appendMilliseconds(held, to: &line)
        }
        line.append(contentsOf: " http.method=".utf8)
        LogRecord.appendValue(methodName, to: &line)
        line.append(contentsOf: " http.path=".utf8)
        if let plain = plainPath {
            line.append(contentsOf: plain)
        } else {
            LogRecord.appendValue(path, to: &line)
        }
        line.append(contentsOf: " http.status=".utf8)
        Self.appendDecimal(status, to: &line)
    }

    /// `{"http.bytes":…,"http.duration_ms":"…",…,"level":"info","msg":"request","ts":"…"}`: keys in
    /// code-point order, the durations strings (as in logfmt), the counts numbers.
    private func appendJSON(to line: inout [UInt8], timestamps: inout LogTimestampFormatter) {
        line.append(contentsOf: "{\"http.bytes\":".utf8)
        Self.appendDecimal(bodyBytes, to: &line)
        line.append(contentsOf: ",\"http.duration_ms\":\"".utf8)
        Self.appendMilliseconds(duration, to: &line)
        if let held {
            line.append(contentsOf: "\",\"http.held_ms\":\"".utf8)
            Self.appendMilliseconds(held, to: &line)
        }
        line.append(contentsOf: "\",\"http.method\":".utf8)
        LogRecord.appendJSONString(methodName, to: &line)
        line.append(contentsOf: ",\"http.path\":".utf8)
        if let plain = plainPath {
            line.append(UInt8(ascii: "\""))
            line.append(contentsOf: plain)
            line.append(UInt8(ascii: "\""))
        } else {
            LogRecord.appendJSONString(path, to: &line)
        }
        line.append(contentsOf: ",\"http.status\":".utf8)
        Self.appendDecimal(status, to: &line)
        line.append(contentsOf: ",\"level\":\"info\",\"msg\":\"request\",\"ts\":\"".utf8)
        timestamps.append(timestamp, to: &line)
        line.append(contentsOf: "\"}".utf8)
    }

    /// The raw path when it reads the same decoded, quoted and escaped in both formats (printable
    /// ASCII without `%`, `"`, `\` or `=`: the usual case), so it is copied as it is, without
    /// a String; nil when ``path`` must be decoded and escaped.
    private var plainPath: ArraySlice<UInt8>? {
        guard let raw = rawPath, !raw.isEmpty else { return nil }
        for byte in raw {
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"),
                byte != UInt8(ascii: "=") else { return nil }
        }
        return raw
    }
}
