/// The text of one expression and how to point into it in messages.
struct ExpressionSource: Sendable {
    let text: String
    let bytes: [UInt8]

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    /// The 1-based column (in characters) of a byte offset.
    func column(of offset: Int) -> Int {
        var column = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    func slice(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(range.upperBound, bytes.count)], as: UTF8.self)
    }

    /// An error quoting the expression and the column where the problem starts.
    func error(_ code: DiagnosticCode, at range: Range<Int>, _ message: String) -> ValueError {
        ValueError(code, "'\(text)' at column \(column(of: range.lowerBound)): \(message)")
    }
}
