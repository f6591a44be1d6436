import Foundation

/// A wall-clock instant for log lines, rendered ISO 8601 UTC with milliseconds
/// (`2026-11-21T20:50:52.123Z`), fixed width so that lines sort by time.
///
/// Formatted by hand (proleptic Gregorian, years 0…9999) rather than with a
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

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    package var iso8601: String {
        var (days, millisecondOfDay) = millisecondsSince1970.quotientAndRemainder(dividingBy: 86_400_000)
        if millisecondOfDay < 0 {
            days -= 1
            millisecondOfDay += 86_400_000
        }
        let (year, month, day) = Self.civilDate(daysSince1970: days)
        let hour = millisecondOfDay / 3_600_000
        let minute = millisecondOfDay / 60_000 % 60
        let second = millisecondOfDay / 1000 % 60
        let millisecond = millisecondOfDay % 1000
        return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T"
            + "\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2)).\(Self.pad(millisecond, 3))Z"
    }

    /// Howard Hinnant's `civil_from_days`: days since 1970-01-01 → (year, month, day).
    private static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
