import Dispatch
import Foundation
import HTTPEngine
import Synchronization

/// The threads heavy work runs on (``HeavyLane``): a fixed number of their own, not the
/// cooperative pool's, one set per process.
///
/// Why threads of their own: the cooperative pool has one thread per core (two here), and every
/// deferred answer — `/readyz`'s store check, a token check, the resume after a store call —
/// needs one of them. A validation or a resolution computes for seconds without suspending, so
/// two of them on the pool stopped everything else (three validations pushed `/readyz` to
/// 4.3 s, issue 33). On these threads they compete with the pool only for the CPU, which the
/// kernel shares, and the pool stays free to answer.
///
/// Why one set per process (``processWide``, two threads per CPU), however many servers it runs:
/// the work is CPU-bound, so threads far past the cores only slice it finer. A process running
/// dozens of servers (the test suite) with a set each had a hundred jobs sharing two cores, each
/// finishing late, and requests everywhere timed out. Two per CPU, not one, so that a cheap job
/// (a small look's first resolution) is not queued behind every long validation in the process.
/// A server's own ``HeavyLane`` bounds its jobs at once (by default one per CPU), so a process
/// running one server uses at most that many of them.
///
/// A job that suspends (a store call) comes back through ``enqueue(_:)`` — the task keeps this
/// executor as its preference — so the whole job, not only its first stretch, stays here.
///
/// The threads run at the process's priority. Lowering it (a nice level) would let cheap requests
/// win the CPU still more clearly, but on a shared host it also slows every publish against the
/// other processes' work (a CLI publish in the test suite timed out so, at a load of 11); the
/// bound on jobs at once already leaves the event loops and the pool their share.
final class LaneExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var head = 0
    }

    /// The process's lane threads: two per CPU the process may use. They live as long as the process.
    static let processWide = LaneExecutor(threads: 2 * AvailableCPUs.count)

    private let state = Mutex(State())
    /// The threads' ids, so that tests can tell where a job computes.
    private let threads = Mutex<Set<UInt>>([])
    /// Counts queued jobs.
    private let ready = DispatchSemaphore(value: 0)

    /// Starts `threads` threads (at least one), named `livery-lane-N`.
    private init(threads: Int) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in work() }
            thread.name = "livery-lane-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    /// Whether the calling code runs on one of the lane's threads, for tests.
    var isCurrentThread: Bool {
        threads.withLock { $0.contains(Self.currentThreadID) }
    }

    /// `pthread_self()` as a number (a pointer on Darwin, an integer on Linux).
    private static var currentThreadID: UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self()))))
    }

    private func work() -> Never {
        threads.withLock { _ = $0.insert(Self.currentThreadID) }
        let executor = asUnownedTaskExecutor()
        while true {
            ready.wait()
            let next = state.withLock { state -> UnownedJob? in
                guard state.head < state.jobs.count else { return nil }
                let job = state.jobs[state.head]
                state.head += 1
                if state.head > 64, state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return job
            }
            next?.runSynchronously(on: executor)
        }
    }
}
