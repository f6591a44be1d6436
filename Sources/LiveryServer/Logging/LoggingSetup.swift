import Foundation
import Logging
import Synchronization

/// Installs ``LiveryLogHandler`` as the process's swift-log backend.
///
/// swift-log allows one bootstrap per process (a second one traps), while tests and
/// embedding code may start several servers in one process: only the first call here
/// bootstraps; later ones leave the backend as it is and return `false`.
package enum LoggingSetup {
    private static let state = BootstrapState()

    /// Makes every `Logger` created from now on write Livery's structured lines.
    ///
    /// - Parameters:
    ///   - format: `logfmt` or `json` (configuration key `log.format`).
    ///   - level: the lowest level written (`log.level`, `LIVERY_LOG_LEVEL`).
    ///   - sink: where lines go; by default standard error behind a ``LogQueue``, so that no
    ///     thread that logs ever waits for standard error to take a line.
    /// - Returns: whether this call installed the backend.
    @discardableResult
    package static func bootstrap(
        format: LogFormatSetting,
        level: LogLevelSetting,
        sink: (any LogSink)? = nil
    ) -> Bool {
        state.runOnce {
            let sink = sink ?? standardErrorQueue(format: format)
            LoggingSystem.bootstrap(
                { _, metadataProvider in
                    LiveryLogHandler(format: format, level: level, sink: sink, metadataProvider: metadataProvider)
                },
                metadataProvider: nil)
        }
    }
}

extension LoggingSetup {
    private static let queue = Mutex<LogQueue?>(nil)

    private static func standardErrorQueue(format: LogFormatSetting) -> LogQueue {
        let made = LogQueue(sink: FileDescriptorLogSink.standardError, format: format)
        queue.withLock { $0 = made }
        return made
    }

    /// Writes out what the standard-error queue still holds (at exit), for at most `timeout`.
    package static func flush(timeout: Duration = .seconds(2)) {
        queue.withLock { $0 }?.flush(timeout: timeout)
    }
}

/// A once-flag: the first `runOnce` runs its body, the others do nothing.
private final class BootstrapState: @unchecked Sendable {
    // @unchecked Sendable: `done` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var done = false

    func runOnce(_ body: () -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return false }
        done = true
        body()
        return true
    }
}
