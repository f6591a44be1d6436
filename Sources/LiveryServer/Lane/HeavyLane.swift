import Dispatch
import Synchronization

/// The lane heavy work runs in (docs/operations.md, "The heavy-work lane"): validation,
/// publishing, the release gate, `/contrast`, and every resolution that misses the caches.
///
/// A fixed number of jobs run at once (`lane.heavyJobs`, by default one per core), on threads of
/// their own (``LaneExecutor``) rather than the cooperative pool, so the event loops and the pool
/// keep answering `/healthz`, `/readyz`, cached reads and long-polls while the lane is full. Past
/// them, at most `lane.queue` jobs wait; a request finding the queue full, or waiting longer than
/// `lane.deadline`, is answered `503` with `Retry-After` and a problem naming the lane. Work
/// proportional to the input meets this bound before it meets the CPU.
///
/// The rule lives here, not in routes: a route or a service wraps its work in ``run(_:_:)``. A job
/// already in the lane that reaches more heavy work (a publish resolving its look, the gate
/// resolving a look it checks) runs it as part of itself: nested calls take no second place, so
/// a job can never wait on a place its own caller holds.
package final class HeavyLane: Sendable {
    /// How a job that finds every place taken is treated.
    package enum Admission: Sendable {
        /// A request's work: queued while the queue has room and for at most the deadline, else `503`.
        case refusable
        /// The server's own work (re-resolving the views long-polls wait on after a change, a due
        /// schedule's check): waits for a place however long, never refused. Bounded by what the
        /// server holds (watched views, schedules), not by what clients send.
        case patient
    }

    /// What `/metrics` shows of the lane.
    struct Figures: Sendable, Equatable {
        var running = 0
        var queued = 0
        /// Requests answered 503 because the queue was full.
        var refused = 0
        /// Requests answered 503 because they waited past the deadline.
        var expired = 0
    }

    private struct Waiter {
        let id: UInt64
        let admission: Admission
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var figures = Figures()
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    /// Jobs running at once.
    let slots: Int
    /// Refusable jobs waiting at most.
    let queueLimit: Int
    /// Longest a refusable job waits for a place.
    let deadline: Duration
    /// The threads jobs run on: the process's (``LaneExecutor/processWide``), shared by every lane in it.
    let executor: LaneExecutor
    private let state = Mutex(State())

    /// The lane the current task runs in, so nested heavy work does not ask for a second place.
    @TaskLocal private static var current: ObjectIdentifier?

    /// - Parameters:
    ///   - slots: jobs running at once (at least one), on the process's lane threads.
    ///   - queueLimit: refusable jobs waiting at most (0: none wait, a full lane refuses at once).
    ///   - deadline: how long a refusable job may wait for a place.
    package init(slots: Int, queueLimit: Int, deadline: Duration) {
        self.slots = max(1, slots)
        self.queueLimit = max(0, queueLimit)
        self.deadline = deadline
        executor = .processWide
    }

    var figures: Figures { state.withLock { $0.figures } }

    /// Runs `body` in the lane: at once when a place is free (or the task holds one already),
    /// after waiting in the queue otherwise, on the lane's threads either way.
    ///
    /// - Throws: `Problem` 503 (`lane-full`, with `Retry-After`) when a refusable job finds the
    ///   queue full or waits past the deadline; whatever `body` throws.
    func run<T: Sendable>(_ admission: Admission = .refusable, _ body: () async throws(Problem) -> T) async throws(Problem) -> T {
        if Self.current == ObjectIdentifier(self) { return try await onLaneThreads(body) }
        try await enter(admission)
        defer { leave() }
        let result: Result<T, Problem> = await Self.$current.withValue(ObjectIdentifier(self)) {
            do throws(Problem) {
                return .success(try await onLaneThreads(body))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Runs `body` on the lane's threads from its first line, whatever the caller's isolation: a
    /// task follows its executor preference when it is next scheduled, and the yield makes that
    /// happen before `body` computes anything (a parse, a resolution) on the caller's thread,
    /// which may be a cooperative pool thread (`HeavyLaneTests` checks where a job runs).
    private func onLaneThreads<T: Sendable>(_ body: () async throws(Problem) -> T) async throws(Problem) -> T {
        try await withTaskExecutorPreference(executor) { () async throws(Problem) -> T in
            await Task.yield()
            return try await body()
        }
    }

    // MARK: Places

    private enum Entry {
        case admitted, queued(UInt64), refused
    }

    /// Takes a place, waiting for one if need be. - Throws: the lane's 503.
    private func enter(_ admission: Admission) async throws(Problem) {
        var full = false
        let admitted = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let entry = state.withLock { state -> Entry in
                if state.figures.running < slots {
                    state.figures.running += 1
                    return .admitted
                }
                let waitingRefusable = state.waiters.lazy.filter { $0.admission == .refusable }.count
                if admission == .refusable, waitingRefusable >= queueLimit {
                    state.figures.refused += 1
                    return .refused
                }
                state.nextID &+= 1
                state.waiters.append(Waiter(id: state.nextID, admission: admission, continuation: continuation))
                state.figures.queued += 1
                return .queued(state.nextID)
            }
            switch entry {
            case .admitted: continuation.resume(returning: true)
            case .refused:
                full = true
                continuation.resume(returning: false)
            case .queued(let id):
                guard admission == .refusable else { return }
                DispatchQueue.global().asyncAfter(deadline: .now() + deadline.timeInterval) { [self] in expire(id) }
            }
        }
        guard admitted else { throw refusal(expired: !full) }
    }

    /// Gives the place to the first waiter, or frees it.
    private func leave() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiters.isEmpty else {
                state.figures.running -= 1
                return nil
            }
            state.figures.queued -= 1
            return state.waiters.removeFirst()
        }
        next?.continuation.resume(returning: true)
    }

    /// A waiter's deadline passed: if it still waits, it is answered 503.
    private func expire(_ id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            state.figures.queued -= 1
            state.figures.expired += 1
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }

    /// The 503 of a full lane: which lane, why, and when to come back.
    private func refusal(expired: Bool) -> Problem {
        let lane = "The heavy-work lane (validation, publishing, the release gate, contrast and uncached resolutions)"
        let limits = "\(slots) job\(slots == 1 ? "" : "s") run at once and \(queueLimit) wait at most \(deadline.seconds) s"
        var problem = Problem.serviceUnavailable(
            expired ? "\(lane) did not free a place within its deadline (\(limits)); try again."
                : "\(lane) is full (\(limits)); try again.",
            retryAfter: 1)
        problem.slug = "lane-full"
        return problem
    }
}

extension Duration {
    /// Seconds as a `TimeInterval`, for Dispatch.
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Whole or fractional seconds as a person reads them (`10`, `0.5`).
    var seconds: String {
        let value = timeInterval
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
