import Foundation
import SkinStore

/// A wall-clock instant for log lines, rendered ISO 8601 UTC with milliseconds
/// (`2026-11-21T20:50:52.123Z`), fixed width so that lines sort by time.
///
/// Formatted by hand (the store's `Timestamp`, proleptic Gregorian) rather than with a
/// `DateFormatter`: it runs on every log line and must be thread-safe and cheap.
package struct LogTimestamp: Sendable, Hashable {
    package var millisecondsSince1970: Int64

    package init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The current time from `CLOCK_REALTIME`.
    package static func now() -> LogTimestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return LogTimestamp(millisecondsSince1970: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`, formatted as the store formats its timestamps, so log lines
    /// and audit rows read alike.
    package var iso8601: String {
        Timestamp.format(millisecondsSince1970: millisecondsSince1970)
    }
}
