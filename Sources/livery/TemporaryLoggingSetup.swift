import Logging
import LiveryServer

// Temporary until the structured log handler lands.
enum LoggingSetup {
    static func bootstrap(format: LogFormatSetting, level: LogLevelSetting) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = switch level {
            case .error: .error
            case .warning: .warning
            case .info: .info
            case .debug: .debug
            }
            return handler
        }
    }
}
