import Dispatch
import Foundation
import Synchronization

/// The threads heavy work runs on (``HeavyLane``): a fixed number of its own, not the
/// cooperative pool's.
///
/// Why threads of its own: the cooperative pool has one thread per core (two here), and every
/// deferred answer — `/readyz`'s store check, a token check, the resume after a store call —
/// needs one of them. A validation or a resolution computes for seconds without suspending, so
/// two of them on the pool stopped everything else (three validations pushed `/readyz` to
/// 4.3 s, issue 33). On these threads they compete with the pool only for the CPU, which the
/// kernel shares, and the pool stays free to answer.
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
        var stopped = false
    }

    let threadCount: Int
    private let state = Mutex(State())
    /// The threads' `pthread_self()`s, so that tests can tell where a job computes.
    private let threads = Mutex<Set<UInt>>([])
    /// Counts queued jobs (and, at `stop`, one wake per thread).
    private let ready = DispatchSemaphore(value: 0)

    /// Starts `threads` threads (at least one), named `livery-lane-N`.
    init(threads: Int) {
        threadCount = max(1, threads)
        for index in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.name = "livery-lane-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.jobs.append(job)
            return true
        }
        if queued {
            ready.signal()
        } else {
            // After `stop` a late job (a task that outlived the server) still runs, on a thread of its own.
            let executor = asUnownedTaskExecutor()
            Thread.detachNewThread { job.runSynchronously(on: executor) }
        }
    }

    /// Lets the threads finish what is queued and end (the server stopped).
    func stop() {
        state.withLock { $0.stopped = true }
        for _ in 0..<threadCount { ready.signal() }
    }

    /// Whether the calling code runs on one of the lane's threads.
    var isCurrentThread: Bool {
        let me = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self()))))
        return threads.withLock { $0.contains(me) }
    }

    private func work() {
        let me = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self()))))
        threads.withLock { _ = $0.insert(me) }
        let executor = asUnownedTaskExecutor()
        while true {
            ready.wait()
            let next = state.withLock { state -> UnownedJob?? in
                guard state.head < state.jobs.count else { return state.stopped ? .some(nil) : nil }
                let job = state.jobs[state.head]
                state.head += 1
                if state.head > 64, state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return .some(job)
            }
            switch next {
            case .some(.some(let job)): job.runSynchronously(on: executor)
            case .some(.none): return  // stopped and drained
            case .none: continue
            }
        }
    }
}
