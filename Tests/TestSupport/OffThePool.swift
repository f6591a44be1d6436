import Foundation
import Testing

/// Runs each test of a suite on threads of its own, not on the cooperative pool's.
///
/// Swift Testing runs a synchronous test (and the synchronous stretches of an async one) on a
/// thread of the cooperative pool, and `swift test` runs all targets' tests in one process. The
/// pool has as many threads as cores: two here. A test that blocks (a socket read with a
/// timeout, `usleep`, a semaphore) or computes for seconds holds one of the two, and every
/// in-process server and client of the other suites (their long-poll wake-ups, their change
/// monitors) waits behind it: a publish that should wake a held poll within a second took
/// 5.4 s in a full CI run. Suites that block or compute for long carry `.offThePool`.
///
/// Each job of the test's task (and of the child tasks it awaits) runs on a fresh thread; so
/// blocking code in the test holds only that thread.
package struct OffThePool: SuiteTrait, TestTrait, TestScoping {
    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }  // the suite itself: its tests are wrapped one by one
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffThePool {
    /// Runs the tests on threads of their own (see ``OffThePool``).
    package static var offThePool: Self { OffThePool() }
}

/// Runs blocking code (a socket read, a PostgreSQL statement, a file's sync) on a thread of its
/// own and resumes with its result: on a task it would hold one of the cooperative pool's few
/// threads, which every server under test in the process needs for its own work (see
/// ``OffThePool``, the same for a whole suite).
package func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}

/// A task executor that runs every job on a new thread: a job may block its thread as long as it
/// likes without holding anyone else's. One shared instance (unstructured tasks made inside a test
/// inherit the preference and may outlive it).
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}
