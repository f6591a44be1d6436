import Foundation

/// Runs blocking `work` on a thread of its own and resumes with its result: the store's blocking
/// calls (open, backup, close) and a webhook delivery's sockets. Not on a global dispatch queue:
/// on Linux the cooperative pool's jobs run on those queues' threads (a stack of the test process
/// shows them on `com.apple.root.default-qos`), as few as the cores, so work blocked there can
/// hold what every task of the process needs.
package func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

/// ``onThreadOfItsOwn(_:)`` for work that cannot fail.
package func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
