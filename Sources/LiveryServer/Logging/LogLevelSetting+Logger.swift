import Logging

extension LogLevelSetting {
    /// The swift-log threshold for this setting: `debug` lets debug and above through, and so on.
    /// swift-log's `trace` is below every setting, so it is never logged.
    package var loggerLevel: Logger.Level {
        switch self {
        case .error: .error
        case .warning: .warning
        case .info: .info
        case .debug: .debug
        }
    }

    /// The setting a swift-log level is written as. Livery's logs have the four levels of
    /// docs/operations.md, so swift-log's extra ones fold into their neighbours: `trace` → `debug`,
    /// `notice` → `info`, `critical` → `error` (an operator filtering `level=error` must see it).
    package init(_ level: Logger.Level) {
        switch level {
        case .trace, .debug: self = .debug
        case .info, .notice: self = .info
        case .warning: self = .warning
        case .error, .critical: self = .error
        }
    }
}
