import Dispatch

/// One database connection (either backend) and the serial `DispatchQueue` it is confined to.
///
/// All database calls run on these queues, never on Swift's cooperative thread pool: they block
/// (disk I/O, fsync, the network, waiting for another process's lock), and blocking a
/// cooperative thread starves every task of the server. ``run(_:)`` bridges to async code
/// with a checked continuation resumed from the queue.
///
/// `@unchecked Sendable` is sound because `connection` is only read or written inside blocks
/// executing on `queue`, which is serial; the connection never escapes those blocks
/// (the closures receive it as a parameter and must not store it).
final class ConnectionQueue: @unchecked Sendable {
    /// The queue every use of the connection runs on.
    let queue: DispatchQueue
    private var connection: (any SQLDatabase)?

    /// A queue whose connection is opened with `open`, run on the queue (the caller waits).
    init(label: String, qos: DispatchQoS = .userInitiated, open: () throws -> any SQLDatabase) throws {
        queue = DispatchQueue(label: label, qos: qos)
        try queue.sync {
            connection = try open()
        }
    }

    /// A queue whose connection is opened with `open`, run on the queue; the caller suspends
    /// instead of blocking a thread of the cooperative pool.
    init(label: String, qos: DispatchQoS = .userInitiated, open: @escaping @Sendable () throws -> any SQLDatabase) async throws {
        queue = DispatchQueue(label: label, qos: qos)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            queue.async {
                do {
                    self.connection = try open()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Runs `body` on the queue and waits for it (for synchronous callers such as the CLI).
    /// Must not be called from the queue itself, nor from a cooperative-pool thread.
    func sync<T>(_ body: (any SQLDatabase) throws -> T) throws -> T {
        dispatchPrecondition(condition: .notOnQueue(queue))
        return try queue.sync {
            guard let connection else { throw StoreError.closed }
            return try body(connection)
        }
    }

    /// Runs `body` on the queue and resumes the caller with its result.
    ///
    /// Cancellation is not observed: every store operation is short, and abandoning a write
    /// half-way is not an option anyway.
    func run<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                do {
                    guard let connection = self.connection else { throw StoreError.closed }
                    continuation.resume(returning: try body(connection))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Runs `body` on the queue without waiting (fire and forget).
    func enqueue(_ body: @escaping @Sendable (any SQLDatabase) -> Void) {
        queue.async {
            guard let connection = self.connection else { return }
            body(connection)
        }
    }

    /// Runs `body` with the connection when already executing on the queue (timers, nudges).
    /// Returns nil once closed.
    func onQueue<T>(_ body: (any SQLDatabase) throws -> T) rethrows -> T? {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let connection else { return nil }
        return try body(connection)
    }

    /// Closes the connection after the work already queued, and waits; later calls throw
    /// ``StoreError/closed``. Must not be called from the queue itself (see ``closeLater()``).
    func close() {
        dispatchPrecondition(condition: .notOnQueue(queue))
        queue.sync {
            connection?.close()
            connection = nil
        }
    }

    /// Closes the connection after the work already queued, without waiting.
    func closeLater() {
        queue.async {
            self.connection?.close()
            self.connection = nil
        }
    }
}
