import Foundation
import Testing
@testable import LiveryServer

/// Batched writes join whole lines into writes a pipe takes atomically.
@Suite struct FileDescriptorLogSinkBatchTests {
    /// A sequenced-packet socket keeps each `write(2)` as one record, so the test sees the
    /// writes themselves: none over `PIPE_BUF` unless it is one long line, none splitting a line.
    @Test func linesAreJoinedIntoWholeLineWritesOfAtMostPipeBuf() throws {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var size = 1 << 20
        setsockopt(ends[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(ends[1], SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let lines: [[UInt8]] = (0..<200).map { index in
            // Mostly short lines, one longer than PIPE_BUF, one exactly filling a write.
            let length = index == 57 ? 9000 : index == 120 ? 4095 : 40 + index % 170
            return Array(String(repeating: Character(UnicodeScalar(UInt8(65 + index % 26))), count: length).utf8) + [0x0A]
        }
        FileDescriptorLogSink(fileDescriptor: ends[0], batchBytes: FileDescriptorLogSink.pipeAtomicBytes).write(LogBatch(lines: lines))
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        var records: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(ends[1], &buffer, buffer.count)
            guard n > 0 else { break }
            records.append(Array(buffer[0..<n]))
        }
        #expect(records.flatMap { $0 } == lines.flatMap { $0 })
        #expect(records.count < lines.count / 5)
        for record in records {
            #expect(record.last == 0x0A)
            let lineCount = record.filter { $0 == 0x0A }.count
            #expect(record.count <= FileDescriptorLogSink.pipeAtomicBytes || lineCount == 1)
        }
    }

    /// Pipes get `PIPE_BUF`-sized writes; files larger ones (nothing else writes between the lines).
    @Test func batchesArePipeBufOnPipesOnly() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(FileDescriptorLogSink(fileDescriptor: ends[1]).batchBytes == FileDescriptorLogSink.pipeAtomicBytes)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("livery-batch-\(UUID().uuidString).log").path
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
        try #require(file >= 0)
        defer { close(file); unlink(path) }
        let sink = FileDescriptorLogSink(fileDescriptor: file)
        #expect(sink.batchBytes > FileDescriptorLogSink.pipeAtomicBytes)
        let lines = (0..<1000).map { Array("line \($0) \(String(repeating: "x", count: $0 % 300))\n".utf8) }
        sink.write(LogBatch(lines: lines))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == String(decoding: lines.flatMap { $0 }, as: UTF8.self))
    }

    @Test func runsAreWholeLinesUpToTheLimit() {
        let batch = LogBatch(lines: [Array("aaa\n".utf8), Array("bb\n".utf8), Array("cccccccc\n".utf8), Array("d\n".utf8)])
        #expect(batch.runs(upTo: 7) == [0..<7, 7..<16, 16..<18])
        #expect(batch.runs(upTo: 100) == [0..<18])
        #expect(LogBatch().runs(upTo: 7).isEmpty)
    }
}
