#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport
import Testing

/// The test process hosts servers as `livery serve` does, so it is set up the same way.
@Suite struct TestProcessTests {
    /// A write to a pipe whose reader has gone answers EPIPE instead of killing the process with
    /// SIGPIPE (which, in a full run, took every suite still running with it: signal 13).
    @Test func aWriteWithoutAReaderIsEPIPENotADeadProcess() {
        #expect(TestProcess.ignoresBrokenPipes)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        var byte: UInt8 = 1
        let written = write(ends[1], &byte, 1)
        #expect(written == -1 && errno == EPIPE)
        close(ends[1])
    }
}
