/// Where ``LiveryLogHandler`` puts finished lines.
///
/// A sink receives complete lines, newline included, and must write each without
/// interleaving it with other lines. Tests inject a sink that keeps lines in memory; the
/// server uses ``FileDescriptorLogSink/standardError`` behind a ``LogQueue``.
package protocol LogSink: Sendable {
    /// Writes one complete line (ending in `\n`).
    func write(_ line: [UInt8])

    /// Writes a batch of complete lines, in order; a sink may write several per system call.
    func write(_ batch: LogBatch)

    /// Writes one request line. A sink renders it now; a ``LogQueue`` keeps the raw parts and
    /// renders them on its writer thread, off the event loop that answered the request.
    func write(_ request: RequestLogLine, as format: LogFormatSetting)
}

extension LogSink {
    package func write(_ batch: LogBatch) {
        for line in batch.lines { write(Array(line)) }
    }

    package func write(_ request: RequestLogLine, as format: LogFormatSetting) {
        var timestamps = LogTimestampFormatter()
        write(request.rendered(as: format, timestamps: &timestamps))
    }
}
