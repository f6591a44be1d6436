import Foundation
import Logging

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
    ///   - sink: where lines go; standard error unless a test injects one.
    /// - Returns: whether this call installed the backend.
    @discardableResult
    package static func bootstrap(
        format: LogFormatSetting,
        level: LogLevelSetting,
        sink: any LogSink = FileDescriptorLogSink.standardError
    ) -> Bool {
        state.runOnce {
            LoggingSystem.bootstrap(
                { _, metadataProvider in
                    LiveryLogHandler(format: format, level: level, sink: sink, metadataProvider: metadataProvider)
                },
                metadataProvider: nil)
        }
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
