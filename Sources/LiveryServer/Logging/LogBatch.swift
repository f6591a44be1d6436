/// Whole log lines joined in one buffer, as the log queue's writer thread gathers them, so a
/// sink can write many lines per system call and no line needs a buffer of its own.
package struct LogBatch: Sendable {
    /// The lines, one after another, each ending in `\n`.
    package private(set) var bytes: [UInt8] = []
    /// Where each line ends in `bytes` (exclusive), in order.
    package private(set) var lineEnds: [Int] = []

    package init() {}

    package init(lines: [[UInt8]]) {
        for line in lines { append(line) }
    }

    package var isEmpty: Bool { lineEnds.isEmpty }
    package var count: Int { lineEnds.count }

    /// Adds a finished line (ending in `\n`).
    package mutating func append(_ line: [UInt8]) {
        bytes.append(contentsOf: line)
        lineEnds.append(bytes.count)
    }

    /// Renders a request line straight into the batch.
    package mutating func append(_ request: RequestLogLine, as format: LogFormatSetting, timestamps: inout LogTimestampFormatter) {
        request.append(as: format, to: &bytes, timestamps: &timestamps)
        lineEnds.append(bytes.count)
    }

    /// Empties the batch, keeping its storage for the next one.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lineEnds.removeAll(keepingCapacity: true)
    }

    /// The lines one by one (sharing the batch's storage).
    package var lines: [ArraySlice<UInt8>] {
        var start = 0
        return lineEnds.map { end in
            defer { start = end }
            return bytes[start..<end]
        }
    }

    /// Consecutive runs of whole lines of at most `limit` bytes each; a longer line is a run
    /// of its own. What a sink that must not split a line across writes writes, run by run.
    package func runs(upTo limit: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        var end = 0
        for lineEnd in lineEnds {
            if lineEnd - start > limit && end > start {
                runs.append(start..<end)
                start = end
            }
            end = lineEnd
        }
        if end > start { runs.append(start..<end) }
        return runs
    }
}
