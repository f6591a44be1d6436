/// Why the server could not start.
package enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host is not an address this machine can listen on.
    case invalidHost(String)
    /// A system call failed: its name and errno.
    case system(String, Int32)
    case alreadyStarted
    /// Another process already listens on the port (docs/operations.md: an error, not a silent share).
    case addressInUse(host: String, port: Int)
    /// `http.eventBackend` names a backend this platform does not have (epoll off Linux).
    case unavailableBackend(String, reason: String)

    package var description: String {
        switch self {
        case .invalidHost(let h): "cannot listen on host \(h)"
        case .system(let call, let e): "\(call) failed: errno \(e)"
        case .alreadyStarted: "server already started"
        case .addressInUse(let host, let port): "port \(port) on \(host) is already in use by another process"
        case .unavailableBackend(let backend, let reason): "event backend \(backend) is not available: \(reason)"
        }
    }
}
