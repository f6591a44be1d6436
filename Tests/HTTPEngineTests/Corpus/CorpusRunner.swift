import Foundation
import Synchronization

/// Runs corpus cases against a server, each on its own connection, on threads of its own.
///
/// The exchanges block (poll, recv) and the watched ones wait 300 ms on purpose; on the
/// cooperative pool (two threads on a two-core CI machine) that would stall every other suite's
/// async work for seconds, so the workers are plain threads and the caller awaits them.
enum CorpusRunner {
    /// Connections in flight at once.
    static let parallelConnections = 16
    /// How long a case that may be waited on is watched before the client half-closes.
    static let watch = Duration.milliseconds(300)

    static func run(_ cases: [HTTPCorpusCase], port: Int) async throws -> [CorpusResult] {
        let state = Shared(count: cases.count)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let workersLeft = Atomic(parallelConnections)
            for _ in 0..<parallelConnections {
                let thread = Thread {
                    work(cases, port: port, state: state)
                    if workersLeft.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { done.resume() }
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
        let errors = state.errors.withLock { $0 }
        guard errors.isEmpty else { throw TestError("\(errors.count) cases could not run, e.g. \(errors.prefix(3))") }
        return state.results.withLock { $0.compactMap { $0 } }
    }

    private static func work(_ cases: [HTTPCorpusCase], port: Int, state: Shared) {
        while true {
            let index = state.next.add(1, ordering: .relaxed).oldValue
            guard index < cases.count else { return }
            let testCase = cases[index]
            let watched = testCase.expectation.watchesForWaiting
            do {
                let exchange = try CorpusExchange.run(testCase.parts, port: port, watch: watched ? watch : .zero)
                let result = CorpusResult(testCase: testCase, outcome: CorpusOutcome(exchange, watched: watched))
                state.results.withLock { $0[index] = result }
            } catch {
                state.errors.withLock { $0.append("\(testCase.id): \(error)") }
            }
        }
    }

    /// What the workers share: the next case to take, and the results by case index.
    private final class Shared: Sendable {
        let next = Atomic(0)
        let results: Mutex<[CorpusResult?]>
        let errors = Mutex<[String]>([])

        init(count: Int) { results = Mutex([CorpusResult?](repeating: nil, count: count)) }
    }
}
