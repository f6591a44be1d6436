#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date` line (RFC 9110 §6.6.1, IMF-fixdate) with each possible end of the head, rendered
/// once a second per loop. A new second makes new buffers rather than changing the old ones, so
/// a response still waiting in a partial write keeps the bytes it started with.
struct DateCache {
    private(set) var second = -1
    /// `Date: …\r\n\r\n`
    private(set) var plain = HTTPBytes([])
    /// `Date: …\r\nConnection: close\r\n\r\n`
    private(set) var close = HTTPBytes([])
    /// `Date: …\r\nConnection: keep-alive\r\n\r\n` (for HTTP/1.0 clients that asked for it)
    private(set) var keepAlive = HTTPBytes([])

    /// Re-renders when the wall-clock second changed; cheap otherwise (`time` is a vDSO call).
    mutating func refresh() {
        let now = time(nil)
        guard now != second else { return }
        second = now
        let line = Self.dateLine(now)
        plain = HTTPBytes(line + [ASCII.cr, ASCII.lf])
        close = HTTPBytes(line + Array("Connection: close\r\n\r\n".utf8))
        keepAlive = HTTPBytes(line + Array("Connection: keep-alive\r\n\r\n".utf8))
    }

    static func dateLine(_ t: Int) -> [UInt8] {
        var seconds = time_t(t)
        var tm = tm()
        gmtime_r(&seconds, &tm)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let s = "Date: \(days[Int(tm.tm_wday)]), \(two(tm.tm_mday)) \(months[Int(tm.tm_mon)]) \(tm.tm_year + 1900) "
            + "\(two(tm.tm_hour)):\(two(tm.tm_min)):\(two(tm.tm_sec)) GMT\r\n"
        return Array(s.utf8)
    }
}
