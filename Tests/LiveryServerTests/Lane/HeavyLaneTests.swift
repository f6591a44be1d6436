import Foundation
import Testing
import TestSupport
@testable import LiveryServer

/// The lane without a server: a job computes on the lane's own threads from its first line (not
/// on the cooperative pool, where a job that never suspends would hold a thread every other
/// request needs), nested jobs take no second place, and places are handed on in order.
@Suite struct HeavyLaneTests {

    @Test func aJobRunsOnTheLanesThreadsFromItsFirstLine() async throws {
        let lane = HeavyLane(slots: 1, queueLimit: 0, deadline: .seconds(5))
        let (first, nested) = try await lane.run { () async throws(Problem) -> (Bool, Bool) in
            let first = lane.executor.isCurrentThread  // before any suspension
            let nested = try await lane.run { () async throws(Problem) in lane.executor.isCurrentThread }
            return (first, nested)
        }
        #expect(first, "the job computed on a lane thread before it awaited anything")
        #expect(nested, "a nested job too, and took no second place")
        #expect(lane.figures == HeavyLane.Figures())
    }

    /// Holds jobs suspended (not their threads) until released.
    actor Latch {
        private var released = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            guard !released else { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            released = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    /// Reads (anyone's) hold at most all places but one and half the queue, so a flood of
    /// uncached reads or `/contrast` cannot get a designer's publish refused.
    @Test func readsHoldOnlyTheirShareSoADesignersJobFindsRoom() async throws {
        let lane = HeavyLane(slots: 2, queueLimit: 4, deadline: .seconds(120))
        let latch = Latch()
        func job(_ admission: HeavyLane.Admission) -> Task<Bool, Never> {
            Task {
                do {
                    try await lane.run(admission) { () async throws(Problem) in await latch.wait() }
                    return true
                } catch {
                    return false
                }
            }
        }
        let reads = (0..<3).map { _ in job(.reader) }
        try await waitUntil("one read runs and two wait", timeout: .seconds(60)) { lane.figures.running == 1 && lane.figures.queued == 2 }
        #expect(await job(.reader).value == false, "a third waiting read is past its half of the queue")

        let designs = (0..<3).map { _ in job(.refusable) }
        try await waitUntil("a design runs beside the read and two more wait", timeout: .seconds(60)) {
            lane.figures.running == 2 && lane.figures.queued == 4
        }
        #expect(await job(.refusable).value == false, "the queue is full now, for everyone")
        #expect(lane.figures.refused == 2)

        await latch.release()
        for task in reads + designs { #expect(await task.value) }
        #expect(lane.figures.running == 0 && lane.figures.queued == 0)
    }
}
