import Foundation

/// Writes log lines to a file descriptor, each line within a single `write(2)`, under a lock.
///
/// A line never spans two `write(2)`s, which keeps lines whole: writes of up to `PIPE_BUF` (4096) bytes to a
/// pipe are atomic even against other processes (POSIX), and a regular file opened with
/// `O_APPEND` or a terminal gets the line in one piece. The lock covers the rare partial
/// write (a signal, a full pipe), so that the rest of the line follows before any other
/// thread's line. Errors other than `EINTR`/`EAGAIN` drop the line: logging must never
/// stop the server.
package final class FileDescriptorLogSink: LogSink, @unchecked Sendable {
    // @unchecked Sendable: `fileDescriptor` is immutable and every write happens under `lock`.

    /// Standard error, where Livery logs: stdout is kept for command output
    /// (`livery token create` prints the token on stdout, `--json` prints JSON there).
    package static let standardError = FileDescriptorLogSink(fileDescriptor: STDERR_FILENO)

    private let fileDescriptor: Int32
    private let lock = NSLock()
    /// The most bytes of whole lines `write(_: LogBatch)` puts in one `write(2)`.
    let batchBytes: Int

    /// - Parameter batchBytes: the most bytes per write of a batch; by default `PIPE_BUF` when
    ///   the descriptor is a pipe (so that a pipe shared with other processes, a container's
    ///   log pipe, still gets every line in one piece) and 64 KiB otherwise (a file, a terminal).
    package init(fileDescriptor: Int32, batchBytes: Int? = nil) {
        self.fileDescriptor = fileDescriptor
        self.batchBytes = batchBytes ?? (Self.isPipe(fileDescriptor) ? Self.pipeAtomicBytes : 65536)
    }

    package func write(_ line: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        line.withUnsafeBytes { writeWhole($0) }
    }

    /// Runs of whole lines of at most ``batchBytes`` each, one `write(2)` per run: a busy log
    /// writer makes one system call for dozens of lines instead of one each. A longer line
    /// goes alone, as `write` would send it.
    package func write(_ batch: LogBatch) {
        lock.lock()
        defer { lock.unlock() }
        batch.bytes.withUnsafeBytes { bytes in
            for run in batch.runs(upTo: batchBytes) {
                writeWhole(UnsafeRawBufferPointer(rebasing: bytes[run]))
            }
        }
    }

    /// POSIX's smallest `PIPE_BUF`: writes up to this size to a pipe are never interleaved.
    static let pipeAtomicBytes = 4096

    private static func isPipe(_ fileDescriptor: Int32) -> Bool {
        var info = stat()
        return fstat(fileDescriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    /// Writes all of `bytes`, retrying short writes; called with `lock` held.
    private func writeWhole(_ buffer: UnsafeRawBufferPointer) {
        guard var next = buffer.baseAddress else { return }
        var remaining = buffer.count
        var stalls = 0
        while remaining > 0 {
            let written = systemWrite(fileDescriptor, next, remaining)
            if written > 0 {
                next += written
                remaining -= written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && stalls < 50 {
                // A non-blocking descriptor whose reader is slow: wait for room, briefly.
                stalls += 1
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 20)
            } else {
                return
            }
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
