#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's open-file limit (`RLIMIT_NOFILE`), raised at start to what the configured
/// connections need (docs/operations.md): a server that meets the limit by surprise refuses connections
/// it was configured to take.
enum FileLimit {
    /// Descriptors the server needs besides its client connections: listeners, epoll and
    /// eventfds, reserve descriptors, the database and its WAL, logs.
    static let overhead = 64

    /// Raises the soft limit toward `maxConnections + overhead`, up to the hard limit.
    /// - Returns: the soft limit now in force and whether it covers the need.
    static func raise(forConnections maxConnections: Int) -> (limit: Int, needed: Int, sufficient: Bool) {
        let needed = maxConnections + overhead
        var limits = rlimit()
        guard getrlimit(resourceNoFile, &limits) == 0 else { return (0, needed, false) }
        if limits.rlim_cur != unlimited && Int(clamping: limits.rlim_cur) < needed {
            var raised = limits
            let hard = limits.rlim_max == unlimited ? rlim_t(needed) : min(limits.rlim_max, rlim_t(needed))
            raised.rlim_cur = hard
            if setrlimit(resourceNoFile, &raised) == 0 { limits = raised }
        }
        let current = limits.rlim_cur == unlimited ? Int.max : Int(clamping: limits.rlim_cur)
        return (current, needed, current >= needed)
    }

    /// `RLIM_INFINITY` (all bits set; Glibc's macro does not import as a constant).
    private static let unlimited = rlim_t.max

    #if canImport(Glibc)
    private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceNoFile = RLIMIT_NOFILE
    #endif
}
