import Foundation
import Synchronization

/// A bounded queue of log lines in front of a slow sink, drained by its own thread.
///
/// Why (docs/operations.md, logging): an event loop that writes its request line itself waits on the
/// sink — a terminal, a pipe to a container's log driver that nobody drains — and a full pipe
/// then stops every loop, `/healthz` included. Here `write` only appends to an array of at most
/// `capacity` lines under a mutex (no system call unless the writer thread is idle); the writer
/// thread does every `write(2)`, and renders request lines handed over raw (see
/// ``RequestLogLine``), so the loops do not format them either. When the queue is full the line
/// is dropped and counted: the count is exposed (`livery_log_lines_dropped_total`) and, once
/// the sink takes lines again, one line says how many were lost.
///
/// The writer gathers: woken by the first line after a quiet spell, it waits `gatherDelay`
/// before taking what is queued, and after each batch it waits again. A busy server's lines
/// then leave in batches (a few `write(2)`s of whole lines each, see
/// ``FileDescriptorLogSink``) and its loops never wake the writer; a quiet
/// server's line is written `gatherDelay` late.
package final class LogQueue: LogSink, Sendable {
    /// Lines dropped by every queue of this process since start (for `/metrics`).
    package static var droppedTotal: Int { dropCounter.load(ordering: .relaxed) }
    private static let dropCounter = Atomic<Int>(0)

    /// A queued line: finished, or the raw parts of a request line.
    enum Entry {
        case line([UInt8])
        case request(RequestLogLine, LogFormatSetting)
    }

    struct State {
        /// Queued lines, oldest first; at most `capacity`. The writer swaps the whole array for
        /// its own empty one, so taking a batch under the lock is O(1) whatever its size.
        var queued: [Entry] = []
        /// Dropped since the last "dropped" line was queued.
        var droppedSinceReport = 0
        /// The writer thread is waiting on `signal` (a `write` must post it).
        var writerSleeping = false
        /// The writer thread holds lines taken from the queue and not yet written.
        var writing = false
    }

    let capacity: Int
    let gatherDelay: Duration
    private let sink: any LogSink
    private let format: LogFormatSetting
    private let state: Mutex<State>
    /// Posted when lines arrive for a sleeping writer.
    private let signal = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - sink: where the writer thread puts lines (it may block there).
    ///   - format: how the "lines dropped" report is written.
    ///   - capacity: lines held at most; 8,192 lines of ~200 bytes is under 2 MB, and at
    ///     200,000 requests a second 40 ms of them, four times `gatherDelay`.
    ///   - gatherDelay: how long the writer lets lines gather before it takes them.
    package init(sink: any LogSink, format: LogFormatSetting, capacity: Int = 8192, gatherDelay: Duration = .milliseconds(10)) {
        self.sink = sink
        self.format = format
        self.capacity = max(1, capacity)
        self.gatherDelay = gatherDelay
        state = Mutex(State())
        let thread = Thread { [self] in drain() }
        thread.name = "livery-log"
        thread.start()
    }

    /// Queues one line; never blocks on the sink. Any thread.
    package func write(_ line: [UInt8]) {
        enqueue(.line(line))
    }

    /// Queues a request line's raw parts; the writer thread renders them. Any thread.
    package func write(_ request: RequestLogLine, as format: LogFormatSetting) {
        enqueue(.request(request, format))
    }

    private func enqueue(_ entry: Entry) {
        let wake = state.withLock { s -> Bool in
            guard s.queued.count < capacity else {
                s.droppedSinceReport += 1
                Self.dropCounter.add(1, ordering: .relaxed)
                return false
            }
            s.queued.append(entry)
            guard s.writerSleeping else { return false }
            s.writerSleeping = false
            return true
        }
        if wake { signal.signal() }
    }

    /// Lines queued or being written.
    package var pending: Int { state.withLock { $0.queued.count + ($0.writing ? 1 : 0) } }

    /// Waits (polling, at exit only) until every queued line is written or `timeout` passes,
    /// so the last lines of a stopping server are not lost with the process.
    package func flush(timeout: Duration = .seconds(2)) {
        let deadline = ContinuousClock.now + timeout
        while pending > 0 && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// The writer thread: lets lines gather, takes everything queued at once, renders and
    /// writes it, and sleeps when nothing came.
    private func drain() {
        var entries: [Entry] = []
        var batch = LogBatch()
        var timestamps = LogTimestampFormatter()
        while true {
            Thread.sleep(forTimeInterval: gatherDelay / .seconds(1))
            let dropped = state.withLock { s -> Int in
                swap(&s.queued, &entries)
                if entries.isEmpty { s.writerSleeping = true }
                s.writing = !entries.isEmpty || s.droppedSinceReport > 0
                defer { s.droppedSinceReport = 0 }
                return s.droppedSinceReport
            }
            batch.removeAll()
            for entry in entries {
                switch entry {
                case .line(let line): batch.append(line)
                case .request(let request, let format): batch.append(request, as: format, timestamps: &timestamps)
                }
            }
            entries.removeAll(keepingCapacity: true)
            if !batch.isEmpty { sink.write(batch) }
            if dropped > 0 { sink.write(droppedLine(dropped)) }
            if batch.isEmpty && dropped == 0 {
                signal.wait()
            } else {
                state.withLock { $0.writing = false }
            }
        }
    }

    /// The line that reports a loss; written by the writer thread itself, after the sink took
    /// the lines before it, so it is never dropped.
    func droppedLine(_ count: Int) -> [UInt8] {
        LogRecord(
            timestamp: .now(), level: .warning, message: "log lines dropped",
            metadata: ["log.dropped": .stringConvertible(count)]
        ).rendered(as: format)
    }
}
