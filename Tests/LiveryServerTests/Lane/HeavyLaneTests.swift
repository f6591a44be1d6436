import Foundation
import Testing
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
}
