#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the listening sockets: one per loop, all bound to the same address with SO_REUSEPORT
/// so the kernel spreads new connections over the loops (no acceptor thread, no hand-off).
///
/// SO_REUSEPORT would also let a second server of the same user bind the port and silently take
/// half the traffic. So before binding a fixed port, `claim` binds it once WITHOUT SO_REUSEPORT:
/// that fails with EADDRINUSE while anyone listens there (our own listeners included, so a
/// second Livery is refused the same way), and the server stops with the port named. A shared
/// listener with EPOLLEXCLUSIVE would be exclusive too, but hands a burst of new connections to
/// whichever loop wakes first instead of spreading them.
enum ListeningSocket {
    /// Fails with `.addressInUse` when some socket already listens on the address's port.
    static func claim(_ address: sockaddr_storage, length: socklen_t, host: String, port: Int) throws(HTTPServerError) {
        var address = address
        let fd = SystemCalls.tcpSocket(family: Int32(address.ss_family))
        guard fd >= 0 else { throw .system("socket", errno) }
        defer { close(fd) }
        // SO_REUSEADDR only: connections in TIME_WAIT from an earlier run must not count.
        _ = SystemCalls.setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
        if address.ss_family == sa_family_t(AF_INET6) {
            _ = SystemCalls.setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let e = errno
            throw e == EADDRINUSE ? .addressInUse(host: host, port: port) : .system("bind", e)
        }
    }

    /// Resolves `host` (numeric, or a name such as `localhost`) to one socket address.
    static func address(host: String, port: Int) throws(HTTPServerError) -> (storage: sockaddr_storage, length: socklen_t) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_family = AF_UNSPEC
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let info = result else {
            throw .invalidHost(host)
        }
        defer { freeaddrinfo(result) }
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { dst in
            dst.baseAddress!.copyMemory(from: info.pointee.ai_addr, byteCount: Int(info.pointee.ai_addrlen))
        }
        return (storage, info.pointee.ai_addrlen)
    }

    /// A non-blocking listening socket on `address`. For `::` IPV6_V6ONLY is cleared, so one
    /// socket takes IPv4 and IPv6 (dual-stack).
    static func open(_ address: sockaddr_storage, length: socklen_t, backlog: Int32) throws(HTTPServerError) -> Int32 {
        var address = address
        let family = Int32(address.ss_family)
        let fd = SystemCalls.tcpSocket(family: family)
        guard fd >= 0 else { throw .system("socket", errno) }
        _ = SystemCalls.setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
        _ = SystemCalls.setOption(fd, SOL_SOCKET, SO_REUSEPORT, 1)
        if family == AF_INET6 {
            _ = SystemCalls.setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let e = errno
            close(fd)
            throw .system("bind", e)
        }
        guard listen(fd, backlog) == 0 else {
            let e = errno
            close(fd)
            throw .system("listen", e)
        }
        return fd
    }

    /// The port a socket is bound to (after binding port 0).
    static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return withUnsafePointer(to: &storage) { HTTPRemoteAddress($0).map { Int($0.port) } ?? 0 }
    }

    /// Sets the port of an address in place.
    static func setPort(_ storage: inout sockaddr_storage, _ port: Int) {
        withUnsafeMutableBytes(of: &storage) { raw in
            // sin_port and sin6_port sit at the same offset (2) in both families.
            raw.storeBytes(of: UInt16(port).bigEndian, toByteOffset: 2, as: UInt16.self)
        }
    }
}
