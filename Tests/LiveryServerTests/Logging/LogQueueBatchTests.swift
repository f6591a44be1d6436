import Foundation
import HTTPEngine
import Testing
@testable import LiveryServer

/// The writer thread renders request lines handed over raw and writes lines in batches.
@Suite struct LogQueueBatchTests {
    /// Counts the batches it is given; keeps the lines.
    final class BatchCountingSink: LogSink, @unchecked Sendable {
        // @unchecked Sendable: `batches` and `captured` are only touched while `lock` is held.
        private let lock = NSLock()
        private var batches = 0
        private var captured: [String] = []

        func write(_ line: [UInt8]) { write(LogBatch(lines: [line])) }

        func write(_ batch: LogBatch) {
            lock.lock()
            defer { lock.unlock() }
            batches += 1
            captured += batch.lines.map { String(decoding: $0, as: UTF8.self) }
        }

        var snapshot: (batches: Int, lines: [String]) {
            lock.lock()
            defer { lock.unlock() }
            return (batches, captured)
        }
    }

    @Test func requestLinesAreRenderedByTheWriterInOrderAndInBatches() {
        let sink = BatchCountingSink()
        let queue = LogQueue(sink: sink, format: .logfmt, capacity: 4096)
        for index in 0..<1000 {
            if index % 100 == 0 {
                queue.write(Array("plain \(index)\n".utf8))
            } else {
                queue.write(
                    RequestLogLine(
                        timestamp: .fixed, request: HTTPRequest(method: .get, target: "/r/\(index)"), status: 200, bodyBytes: index,
                        duration: .microseconds(index), held: nil),
                    as: index % 2 == 0 ? .json : .logfmt)
            }
        }
        queue.flush(timeout: .seconds(10))
        let (batches, lines) = sink.snapshot
        #expect(lines.count == 1000)
        for (index, line) in lines.enumerated() {
            if index % 100 == 0 {
                #expect(line == "plain \(index)\n")
            } else if index % 2 == 0 {
                #expect(line.hasPrefix("{\"http.bytes\":\(index),") && line.contains("\"http.path\":\"/r/\(index)\""))
            } else {
                #expect(line.contains(" http.bytes=\(index) ") && line.contains(" http.path=/r/\(index) "))
            }
        }
        // Lines gather while the writer waits: far fewer batches than lines.
        #expect(batches < 100)
    }
}
