import Foundation
@testable import LiveryServer

/// Keeps every line written, for tests.
final class CapturingLogSink: LogSink, @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: [[UInt8]] = []

    func write(_ line: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        stored.append(line)
    }

    /// The lines as text, newline included.
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored.map { String(decoding: $0, as: UTF8.self) }
    }
}

extension LogTimestamp {
    /// 2026-11-21T20:50:52.123Z
    static let fixed = LogTimestamp(millisecondsSince1970: 1_795_294_252_123)
}
