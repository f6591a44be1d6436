import Logging

/// Writes request lines straight to a ``LiveryLogHandler``'s sink as raw fields (a
/// ``LogQueue`` renders them on its own thread), skipping swift-log's metadata.
///
/// A class, made once per server: the event loop reaches the sink, format, level and clock
/// through one reference instead of copying the handler (its metadata, provider and sink) on
/// every request.
final class RequestLineWriter: Sendable {
    let sink: any LogSink
    let format: LogFormatSetting
    /// Whether `info` lines are written at all.
    let writesInfo: Bool
    let clock: @Sendable () -> LogTimestamp

    /// The writer for a handler whose request lines can go raw, nil for any other handler:
    /// one with metadata of its own or a metadata provider needs swift-log to merge them.
    init?(_ handler: any LogHandler) {
        guard let livery = handler as? LiveryLogHandler, livery.metadata.isEmpty, livery.metadataProvider == nil else { return nil }
        sink = livery.sink
        format = livery.format
        writesInfo = livery.logLevel <= .info
        clock = livery.clock
    }

    func write(_ line: RequestLogLine) {
        sink.write(line, as: format)
    }
}
