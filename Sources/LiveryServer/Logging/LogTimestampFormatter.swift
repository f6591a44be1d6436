/// Writes ``LogTimestamp``s as ``LogTimestamp/iso8601`` does, remembering the text of the
/// current second, so that a busy log writer formats a calendar date once a second instead
/// of once a line.
///
/// A value type with state: each writer (the log queue's thread) keeps its own.
package struct LogTimestampFormatter {
    private var second: Int64 = .min
    /// `2026-11-21T20:50:52.` for `second`.
    private var prefix: [UInt8] = []

    package init() {}

    /// Appends `2026-11-21T20:50:52.123Z`.
    package mutating func append(_ timestamp: LogTimestamp, to out: inout [UInt8]) {
        let milliseconds = timestamp.millisecondsSince1970
        // Floor division, so that instants before 1970 keep a positive millisecond part.
        let millisecond = (milliseconds % 1000 + 1000) % 1000
        let second = (milliseconds - millisecond) / 1000
        if second != self.second {
            let text = LogTimestamp(millisecondsSince1970: second * 1000).iso8601.utf8
            prefix = Array(text.dropLast(4))  // "000Z"
            self.second = second
        }
        out.append(contentsOf: prefix)
        out.append(UInt8(ascii: "0") + UInt8(millisecond / 100))
        out.append(UInt8(ascii: "0") + UInt8(millisecond / 10 % 10))
        out.append(UInt8(ascii: "0") + UInt8(millisecond % 10))
        out.append(UInt8(ascii: "Z"))
    }
}
