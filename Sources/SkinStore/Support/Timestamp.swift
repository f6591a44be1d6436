import Foundation

/// The store's timestamps: ISO 8601 UTC with milliseconds, fixed width ("2025-06-01T12:34:56.789Z").
///
/// Chosen over integer milliseconds because the API returns ISO 8601 anyway and rows stay
/// readable in the sqlite3 shell; the fixed width keeps text comparison equal to time order,
/// so `WHERE at < ?` and `ORDER BY at` work on the text. Written by the store, once per
/// transaction, never by SQLite's `strftime('now')`, which changes between statements.
package enum Timestamp {
    /// The current time.
    static func now() -> String {
        format(millisecondsSince1970: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// The time `seconds` before now (for "older than a minute" comparisons).
    static func secondsAgo(_ seconds: Double) -> String {
        format(millisecondsSince1970: Int64(((Date().timeIntervalSince1970 - seconds) * 1000).rounded(.down)))
    }

    /// The time `seconds` after now (an expiry).
    static func secondsFromNow(_ seconds: Double) -> String {
        secondsAgo(-seconds)
    }

    /// Formats milliseconds since 1970-01-01T00:00:00Z, proleptic Gregorian, years 0…9999.
    package static func format(millisecondsSince1970 milliseconds: Int64) -> String {
        let (days, millisecondOfDay) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        let hour = millisecondOfDay / 3_600_000
        let minute = millisecondOfDay / 60_000 % 60
        let second = millisecondOfDay / 1000 % 60
        let millisecond = millisecondOfDay % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millisecond, 3))Z"
    }

    /// Howard Hinnant's `civil_from_days`: days since 1970-01-01 to (year, month, day).
    private static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Int64 {
    /// Floor division and the matching non-negative remainder.
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = self % divisor
        return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
    }
}
