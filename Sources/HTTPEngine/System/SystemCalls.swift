#if canImport(Glibc)
import Glibc
import CLinuxEvents
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls the engine makes, one spelling for Linux and Darwin (docs/operations.md: macOS 15
/// for development). On Linux they are CLinuxEvents' glibc wrappers (accept4 with its flags,
/// sendmsg with MSG_NOSIGNAL); on Darwin the same effect by other means: `fcntl` for
/// O_NONBLOCK and FD_CLOEXEC, and SO_NOSIGPIPE on each socket instead of MSG_NOSIGNAL.
///
/// The Darwin branch is compiled only on a Mac: it is written to the Darwin SDK's signatures
/// but was not compiled here (see the report of issue 13).
enum SystemCalls {
    /// A non-blocking, close-on-exec TCP socket of `family`, or -1 with errno set.
    static func tcpSocket(family: Int32) -> Int32 {
        #if os(Linux)
        return cle_tcp_socket(family)
        #else
        let fd = socket(family, SOCK_STREAM, 0)
        if fd >= 0 { prepare(fd) }
        return fd
        #endif
    }

    /// Accepts one connection, non-blocking and close-on-exec, with TCP_NODELAY; -1 with errno.
    @inline(__always)
    static func accept(_ listener: Int32, _ address: inout sockaddr_storage) -> Int32 {
        #if os(Linux)
        return cle_accept(listener, &address)
        #else
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Darwin.accept(listener, $0, &length) }
        }
        if fd >= 0 {
            prepare(fd)
            _ = setOption(fd, IPPROTO_TCP, TCP_NODELAY, 1)
        }
        return fd
        #endif
    }

    @inline(__always)
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if os(Linux)
        return cle_read(fd, buffer, count)
        #else
        return Darwin.read(fd, buffer, count)
        #endif
    }

    /// writev that never raises SIGPIPE.
    @inline(__always)
    static func writev(_ fd: Int32, _ vectors: UnsafePointer<iovec>, _ count: Int32) -> Int {
        #if os(Linux)
        return cle_writev(fd, vectors, count)
        #else
        return Darwin.writev(fd, vectors, count)
        #endif
    }

    /// send that never raises SIGPIPE.
    @inline(__always)
    static func send(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if os(Linux)
        return cle_send(fd, bytes, count)
        #else
        return Darwin.send(fd, bytes, count, 0)
        #endif
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) -> Int32 {
        #if os(Linux)
        return cle_setsockopt_int(fd, level, name, value)
        #else
        var value = value
        return setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// A non-blocking, close-on-exec pipe (`ends[0]` reads, `ends[1]` writes). On Linux both
    /// flags are set atomically by `pipe2`: set afterwards with `fcntl`, a child process started
    /// by another thread in between would inherit the descriptors. Darwin has no `pipe2`.
    static func makePipe(_ ends: inout [Int32]) -> Bool {
        #if os(Linux)
        return cle_pipe(&ends) == 0
        #else
        guard pipe(&ends) == 0 else { return false }
        for fd in ends {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return true
        #endif
    }

    #if !os(Linux)
    /// What accept4's flags and MSG_NOSIGNAL do on Linux, for a Darwin socket.
    private static func prepare(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = setOption(fd, SOL_SOCKET, SO_NOSIGPIPE, 1)
    }
    #endif
}
