import Foundation
import Logging
import Testing
@testable import LiveryServer

/// The log queue keeps slow sinks off the threads that log (docs/operations.md, logging).
@Suite struct LogQueueTests {
    /// A sink that takes nothing until it is opened, then keeps every line.
    final class GatedSink: LogSink, Sendable {
        let gate = DispatchSemaphore(value: 0)
        let captured = CapturingLogSink()
        func write(_ line: [UInt8]) {
            gate.wait()
            gate.signal()
            captured.write(line)
        }
    }

    @Test func aStalledSinkNeverBlocksWritersAndTheLossIsReported() async throws {
        let sink = GatedSink()
        let queue = LogQueue(sink: sink, format: .logfmt, capacity: 4)
        let droppedBefore = LogQueue.droppedTotal
        // The writer thread takes at most one batch before it blocks in the sink; every other
        // line beyond the capacity is dropped, and none of these calls waits.
        for index in 0..<100 { queue.write(Array("line \(index)\n".utf8)) }
        #expect(LogQueue.droppedTotal - droppedBefore >= 100 - 4 - 4)
        sink.gate.signal()
        queue.flush(timeout: .seconds(10))
        let lines = sink.captured.lines
        #expect(lines.first == "line 0\n")
        #expect(lines.last?.contains("msg=\"log lines dropped\"") == true)
        // One report per batch the writer took while lines were being dropped; together they
        // account for every line that is missing.
        let reports = lines.filter { $0.contains("msg=\"log lines dropped\"") }
        let reported = reports.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("log.dropped=") }.flatMap { Int($0.dropFirst(12).trimmingCharacters(in: .newlines)) }
        }.reduce(0, +)
        #expect(reported == 100 - (lines.count - reports.count))
    }

    /// The scenario of a container whose log driver stopped reading: a pipe nobody drains.
    @Test func aNeverReadStandardErrorPipeDoesNotStopServing() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // Neither end is ever closed: the writer thread may still be blocked writing, and a
        // write to a pipe without a reader would raise SIGPIPE in the test process.
        let queue = LogQueue(sink: FileDescriptorLogSink(fileDescriptor: ends[1]), format: .logfmt, capacity: 256)
        let logger = Logger(label: "livery-pipe") { _ in LiveryLogHandler(format: .logfmt, level: .info, sink: queue) }
        let droppedBefore = LogQueue.droppedTotal
        try await TestServer.run(logger: logger) { server in
            let port = server.port
            let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await withCheckedThrowingContinuation { continuation in
                            Thread.detachNewThread {
                                continuation.resume(with: Result {
                                    try (0..<500).map { _ in try TestHTTPClient.request(port: port, "GET", "/healthz", timeout: 10).status }
                                })
                            }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(statuses.count == 2000)
            #expect(statuses.allSatisfy { $0 == 200 })
            #expect(LogQueue.droppedTotal > droppedBefore)
            let metrics = try await server.get("/metrics")
            let line = metrics.text.split(separator: "\n").first { $0.hasPrefix("livery_log_lines_dropped_total ") }
            #expect(line.flatMap { Int($0.split(separator: " ")[1]) }.map { $0 > 0 } == true)
        }
        // Once the pipe is read again, the writer says how many lines were lost.
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var text = ""
        let deadline = ContinuousClock.now + .seconds(20)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !text.contains("msg=\"log lines dropped\"") && ContinuousClock.now < deadline {
            let n = read(ends[0], &buffer, buffer.count)
            if n > 0 { text += String(decoding: buffer[0..<n], as: UTF8.self) } else { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(text.contains("msg=\"log lines dropped\" log.dropped="))
    }
}
