import Foundation
import Logging
#if os(Linux)
import CLinuxEvents
#endif

/// The PostgreSQL ``ChangeMonitor``: `LISTEN livery_events` on a connection of its own, woken by
/// the `NOTIFY` that the `events` trigger sends at each commit, from any process on any machine.
///
/// ## No polling
/// A dedicated thread waits in `poll(2)` on the connection's socket and a wake-up pipe. A
/// notification (or ``checkNow()``) makes it read `events` after the last seq it reported and
/// call the handler; an idle database costs nothing. The one-second `poll` timeout only checks
/// for ``stop()``; it queries nothing.
///
/// ## Losing the server
/// When the connection drops (PostgreSQL restarted, network cut) the monitor reconnects with
/// ``ReconnectBackoff``, `LISTEN`s again, and *then* reads every event after the last one it
/// reported: whatever was committed while it was away is caught up from the table, in order,
/// and nothing committed after the `LISTEN` can be missed.
///
/// `@unchecked Sendable` is sound: the connection and the backoff live only on the monitor's
/// thread (locals of ``run()``); the shared state (`lastSeq`, `stopped`, the pipe) is behind
/// `state`'s lock.
final class PostgresChangeMonitor: ChangeMonitor, @unchecked Sendable {
    /// Events read per query while catching up.
    private static let pageSize = 500
    /// The `NOTIFY` channel the `events` trigger of pg0001 uses.
    static let channel = "livery_events"

    private struct State {
        var lastSeq: Int
        var stopped = false
        /// The wake-up pipe: [read end, write end]; closed (-1) once the thread ends.
        var pipe: [Int32]
    }

    private let url: String
    private let handler: @Sendable ([StoreEvent]) -> Void
    private let logger: Logger
    private let state: LockedState<State>

    /// Starts the monitor's thread; reports events with `seq > after`.
    init(url: String, after: Int, logger: Logger, handler: @escaping @Sendable ([StoreEvent]) -> Void) throws {
        // Non-blocking: a full pipe already means "wake up"; close-on-exec: not for children,
        // set atomically with the pipe on Linux (pipe2), or a child started by another thread in
        // between would inherit it.
        var descriptors: [Int32] = [-1, -1]
        #if os(Linux)
        let made = cle_pipe(&descriptors) == 0
        #else
        let made = pipe(&descriptors) == 0
        if made {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
        }
        #endif
        guard made else {
            throw StoreError.unavailable(reason: "cannot create the monitor's wake-up pipe: \(String(cString: strerror(errno)))")
        }
        self.url = url
        self.handler = handler
        self.logger = logger
        self.state = LockedState(State(lastSeq: after, pipe: descriptors))
        let thread = Thread { [self] in run() }
        thread.name = "livery.store.monitor"
        thread.start()
    }

    var lastReportedSequence: Int {
        state.withLock { $0.lastSeq }
    }

    func checkNow() {
        wake()
    }

    func stop() {
        state.withLock { $0.stopped = true }
        wake()
    }

    private func wake() {
        state.withLock { state in
            guard state.pipe[1] >= 0 else { return }
            var byte: UInt8 = 1
            _ = write(state.pipe[1], &byte, 1)
        }
    }

    private var isStopped: Bool {
        state.withLock { $0.stopped }
    }

    // MARK: The monitor's thread

    private func run() {
        var connection: PostgresConnection?
        var backoff = ReconnectBackoff()
        while !isStopped {
            if connection == nil {
                guard backoff.mayAttempt(at: .now) else {
                    waitForWake(socket: nil, milliseconds: 100)
                    continue
                }
                do {
                    let fresh = try PostgresConnection(url: url)
                    try fresh.execute("LISTEN \(Self.channel)")
                    connection = fresh
                    backoff.succeeded()
                    try catchUp(fresh)
                } catch {
                    logger.warning("change monitor cannot listen; retrying", metadata: ["error": "\(error)"])
                    connection = nil
                    backoff.failed(at: .now)
                    continue
                }
            }
            guard let current = connection else { continue }
            let woken = waitForWake(socket: current.socket, milliseconds: 1000)
            guard !isStopped else { break }
            do {
                let notified = try current.takeNotifications()
                if notified > 0 || woken {
                    try catchUp(current)
                }
            } catch {
                logger.warning("change monitor lost its connection; reconnecting", metadata: ["error": "\(error)"])
                current.close()
                connection = nil
                backoff.failed(at: .now)
            }
        }
        connection?.close()
        state.withLock { state in
            close(state.pipe[0])
            close(state.pipe[1])
            state.pipe = [-1, -1]
        }
    }

    /// Waits until the socket is readable, the pipe is written, or the timeout passes;
    /// returns whether the pipe was written (a ``checkNow()``), draining it.
    @discardableResult
    private func waitForWake(socket: Int32?, milliseconds: Int32) -> Bool {
        let pipeRead = state.withLock { $0.pipe[0] }
        var descriptors = [pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0)]
        if let socket {
            descriptors.append(pollfd(fd: socket, events: Int16(POLLIN), revents: 0))
        }
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return false }
        guard descriptors[0].revents != 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(pipeRead, &buffer, buffer.count) > 0 {}
        return true
    }

    /// Reports every event after the last reported one, oldest first.
    private func catchUp(_ connection: PostgresConnection) throws {
        while !isStopped {
            let after = lastReportedSequence
            let events = try EventQueries.list(connection, after: after, limit: Self.pageSize)
            guard let last = events.last else { return }
            state.withLock { $0.lastSeq = last.seq }
            handler(events)
            if events.count < Self.pageSize { return }
        }
    }
}
