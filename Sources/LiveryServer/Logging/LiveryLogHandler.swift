import Logging

/// Livery's swift-log backend: one structured line per log call, logfmt or JSON.
///
/// ```
/// ts=2026-11-21T20:50:52.123Z level=info msg="request" http.method=GET http.path=/v1/skins http.status=200
/// {"http.method":"GET","http.path":"/v1/skins","http.status":200,"level":"info","msg":"request","ts":"2026-11-21T20:50:52.123Z"}
/// ```
///
/// Metadata is merged as swift-log's own handlers do: the handler's metadata, then the
/// metadata provider's, then the call's; a later source wins on the same key. Nested
/// dictionaries become dotted keys; keys are written sorted (see ``LogRecord``).
/// An `error:` passed to the call is written as `error` unless the metadata has one.
///
/// Lines go to a ``LogSink``, by default standard error (see ``FileDescriptorLogSink``),
/// one complete line per write so that concurrent lines never interleave.
package struct LiveryLogHandler: LogHandler {
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?

    package let format: LogFormatSetting
    let sink: any LogSink
    let clock: @Sendable () -> LogTimestamp

    /// - Parameters:
    ///   - format: logfmt or JSON lines.
    ///   - level: the lowest level written.
    ///   - sink: where lines go; inject one in tests.
    ///   - metadataProvider: contributes metadata (e.g. a request id) to every line.
    ///   - clock: the time stamped on each line; inject a fixed one in tests.
    package init(
        format: LogFormatSetting,
        level: LogLevelSetting,
        sink: any LogSink = FileDescriptorLogSink.standardError,
        metadataProvider: Logger.MetadataProvider? = nil,
        clock: @escaping @Sendable () -> LogTimestamp = LogTimestamp.now
    ) {
        self.format = format
        self.logLevel = level.loggerLevel
        self.sink = sink
        self.metadataProvider = metadataProvider
        self.clock = clock
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        // Logger checks the level before calling; a handler used directly is checked here.
        guard event.level >= logLevel else { return }
        sink.write(record(for: event).rendered(as: format))
    }

    /// The line an event becomes, before rendering.
    package func record(for event: LogEvent) -> LogRecord {
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            merged.merge(provided) { _, provided in provided }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            merged.merge(explicit) { _, explicit in explicit }
        }
        if let error = event.error, merged["error"] == nil {
            merged["error"] = .string(String(describing: error))
        }
        return LogRecord(
            timestamp: clock(), level: LogLevelSetting(event.level), message: event.message.description, metadata: merged)
    }
}
