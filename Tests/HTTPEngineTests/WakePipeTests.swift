#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import HTTPEngine

/// Wake-up pipes are made close-on-exec and non-blocking (with `pipe2` on Linux, in the same
/// call, so that a child process started meanwhile by another thread cannot inherit them).
@Suite struct WakePipeTests {
    @Test func bothEndsAreCloseOnExecAndNonBlocking() throws {
        var ends: [Int32] = [-1, -1]
        #expect(SystemCalls.makePipe(&ends))
        defer { for fd in ends where fd >= 0 { close(fd) } }
        for fd in ends {
            #expect(fd >= 0)
            #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
            #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
        }
        // Non-blocking: reading the empty pipe says EAGAIN instead of waiting.
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == -1 && (errno == EAGAIN || errno == EWOULDBLOCK))
    }
}
