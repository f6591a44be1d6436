#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two socket details the test clients need that Glibc and Darwin spell differently, so the
/// test targets build on macOS 15 too (docs/operations.md): the stream type (a C enum in Glibc, a plain
/// `Int32` in Darwin) and sending without SIGPIPE (`MSG_NOSIGNAL` per call on Linux,
/// `SO_NOSIGPIPE` per socket on Darwin).
package enum TestSockets {
    /// A blocking TCP socket of `family` (`AF_INET`, `AF_INET6`) that never raises SIGPIPE when
    /// sent to with `send(_:_:_:)`; -1 on failure.
    package static func stream(family: Int32) -> Int32 {
        #if canImport(Glibc)
        return socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(family, SOCK_STREAM, 0)
        var one: Int32 = 1
        if fd >= 0 { _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size)) }
        return fd
        #endif
    }

    /// `send(2)` that returns EPIPE instead of raising SIGPIPE when the server has closed.
    package static func send(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        return Darwin.send(fd, bytes, count, 0)
        #endif
    }
}
