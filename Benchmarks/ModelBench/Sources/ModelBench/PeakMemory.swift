#if canImport(Glibc)
import Glibc
#endif

/// The process's peak resident set size (`VmHWM` in /proc/self/status), in kB; nil where
/// /proc does not exist. Read with plain POSIX calls so Foundation's own footprint does
/// not inflate the figure.
enum PeakMemory {
    static func kilobytes() -> Int? {
        #if canImport(Glibc)
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        #endif
        return nil
    }
}
