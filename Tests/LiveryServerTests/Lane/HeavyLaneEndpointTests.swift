import Foundation
import Synchronization
import Testing
import TestSupport
@testable import LiveryServer
import SkinStore

/// The heavy-work lane (docs/operations.md, "The heavy-work lane"), end to end: while it is
/// saturated, cheap answers stay cheap and further heavy requests are refused with `503`,
/// `Retry-After` and a problem naming the lane.
///
/// The lane is held by a job that computes without end on the lane's thread (the stand-in for a
/// validation of a huge document, deterministic where a real one's length is not), released by
/// the test; the requests queued and refused behind it are real ones.
@Suite(.offThePool) struct HeavyLaneEndpointTests {
    /// A place held in the lane until `release()`: the job keeps the lane's thread without
    /// suspending, as a long resolution would (sleeping in short steps rather than computing, so
    /// that it costs the other suites no CPU).
    final class Holder: Sendable {
        private let released = Atomic<Bool>(false)
        func release() { released.store(true, ordering: .relaxed) }

        func hold(_ lane: HeavyLane) -> Task<Void, Never> {
            Task {
                _ = try? await lane.run { () async throws(Problem) in
                    while !released.load(ordering: .relaxed) { usleep(2_000) }
                }
            }
        }

        /// Runs `body` with the place held, and releases it however `body` ends.
        func holding(_ lane: HeavyLane, _ body: () async throws -> Void) async throws {
            let task = hold(lane)
            do {
                try await body()
            } catch {
                release()
                await task.value
                throw error
            }
            release()
            await task.value
        }
    }

    static let draft = ##"{"color": {"$type": "color", "tint": {"$value": "#ff7a00"}, "text": {"$value": "contrast({color.tint}, #000000, #ffffff)"}}}"##

    static func timed(_ body: () async throws -> TestResponse) async throws -> (TestResponse, Duration) {
        let start = ContinuousClock.now
        let response = try await body()
        return (response, ContinuousClock.now - start)
    }

    @Test func aSaturatedLaneRefusesHeavyWorkWhileCheapAnswersStayFast() async throws {
        try await TestServer.run(configure: {
            $0.laneHeavyJobs = 1
            $0.laneQueue = 1
            $0.laneDeadline = 120
        }) { server in
            let designer = try await server.token(.designer)
            let lane = server.app.routes.lane
            // A cached launch, before the lane fills.
            #expect(try await server.get("/v1/channels/default/skin", timeout: TestServer.patience).status == 200)

            let holder = Holder()
            try await holder.holding(lane) {
            try await waitUntil("the lane runs its one job", timeout: .seconds(TestServer.patience)) { lane.figures.running == 1 }

            // A real validation takes the one place in the queue…
            let queued = Task {
                try await server.validate("summer", Array(Self.draft.utf8), token: designer, timeout: TestServer.patience)
            }
            try await waitUntil("a validation waits in the lane", timeout: .seconds(TestServer.patience)) { lane.figures.queued == 1 }

            // …so the next heavy requests are refused at once, whoever sends them.
            let refusedValidation = try await server.validate("summer", Array(Self.draft.utf8), token: designer, timeout: TestServer.patience)
            let refusedContrast = try await server.get("/v1/skins/demo/contrast", timeout: TestServer.patience)
            let refusedPublish = try await server.publish("summer", Self.draft, token: designer, timeout: TestServer.patience)
            for refused in [refusedValidation, refusedContrast, refusedPublish] {
                #expect(refused.status == 503)
                #expect(refused.header("Retry-After") == "1")
                #expect(refused.json["type"] as? String == "https://livery.dev/problems/lane-full")
                #expect((refused.json["detail"] as? String)?.contains("heavy-work lane") == true)
            }
            #expect(lane.figures.refused == 3)

            // Meanwhile health, cached launches, long-polls and metrics answer at once, from the event
            // loops; readiness too, from the pool the lane leaves free (how fast that pool is here
            // depends on the other suites sharing it, see `TestServer.patience`).
            #expect(try await server.get("/readyz", timeout: TestServer.patience).status == 200)
            for target in ["/healthz", "/v1/channels/default/skin", "/metrics"] {
                let (response, took) = try await Self.timed { try await server.get(target) }
                #expect(response.status == 200, "\(target)")
                #expect(took < .seconds(1), "\(target) took \(took)")
            }
            let launch = try await server.get("/v1/channels/default/skin", timeout: TestServer.patience)
            let etag = try #require(launch.header("ETag"))
            let (poll, pollTook) = try await Self.timed {
                try await server.get("/v1/channels/default/skin?wait=1", headers: [("If-None-Match", etag)])
            }
            #expect(poll.status == 304 && pollTook < .seconds(3), "a held long-poll times out on time (\(pollTook))")
            let metrics = try await server.get("/metrics", timeout: TestServer.patience).text
            #expect(metrics.contains("livery_lane_running 1\n"))
            #expect(metrics.contains("livery_lane_queued 1\n"))
            #expect(metrics.contains("livery_lane_refused_total{reason=\"full\"} 3\n"))

            // Once the place frees, the queued validation runs and answers.
            holder.release()
            let validated = try await queued.value
            #expect(validated.status == 200)
            #expect(validated.json["valid"] as? Bool == true)
            try await waitUntil("the lane is idle", timeout: .seconds(TestServer.patience)) { lane.figures.running == 0 && lane.figures.queued == 0 }
            }
        }
    }

    @Test func aJobWaitingPastTheDeadlineIsAnswered503() async throws {
        try await TestServer.run(configure: {
            $0.laneHeavyJobs = 1
            $0.laneQueue = 4
            $0.laneDeadline = 0.3
        }) { server in
            let designer = try await server.token(.designer)
            let lane = server.app.routes.lane
            try await Holder().holding(lane) {
            try await waitUntil("the lane runs its one job", timeout: .seconds(TestServer.patience)) { lane.figures.running == 1 }

            let (late, took) = try await Self.timed {
                try await server.validate("summer", Array(Self.draft.utf8), token: designer, timeout: TestServer.patience)
            }
            #expect(late.status == 503)
            #expect(late.header("Retry-After") == "1")
            #expect((late.json["detail"] as? String)?.contains("within its deadline") == true)
            #expect(took >= .milliseconds(250), "it waited for its deadline first (\(took))")
            #expect(lane.figures.expired == 1 && lane.figures.queued == 0)
            }
        }
    }

    /// The server's own heavy work waits for a place instead of being refused: a change that
    /// reaches the store while the lane is full (here written by another process's hand, straight
    /// to the store) re-resolves the view a long-poll waits on once a place frees, and the
    /// waiter gets the new look, not a 503.
    @Test func longPollRefreshesWaitForAPlaceRatherThanFail() async throws {
        try await TestServer.run(configure: {
            $0.laneHeavyJobs = 1
            $0.laneQueue = 0
            $0.laneDeadline = 0.2
        }) { server in
            // Straight to the store: with no queue, any other heavy job at that moment would refuse a publish.
            _ = try await server.store.publish(skin: "autumn", document: Array(Release.skin(tint: "#aa5500").utf8), author: "test")
            let lane = server.app.routes.lane
            let launch = try await server.get("/v1/channels/default/skin", timeout: TestServer.patience)
            let etag = try #require(launch.header("ETag"))
            let poll = Task {
                try await server.request(
                    "GET", "/v1/channels/default/skin?wait=60", headers: [("If-None-Match", etag)], timeout: TestServer.patience)
            }
            try await server.waitUntilHolding(1, timeout: .seconds(TestServer.patience))

            let holder = Holder()
            try await holder.holding(lane) {
                try await waitUntil("the lane runs its one job", timeout: .seconds(TestServer.patience)) { lane.figures.running == 1 }
                _ = try await server.store.changeChannel("default", to: ChannelState(skin: "autumn", version: 1), actor: "test")
                try await waitUntil("the refresh waits for a place", timeout: .seconds(TestServer.patience)) { lane.figures.queued == 1 }
                // A request's resolution is refused meanwhile (no queue), past its deadline or at once.
                #expect(try await server.get("/v1/channels/default/skin?variant=dark", timeout: TestServer.patience).status == 503)
                #expect(server.heldLongPolls == 1, "the waiter is still held")
            }
            let answer = try await poll.value
            #expect(answer.status == 200)
            #expect(answer.json["skin"] as? String == "autumn")
            #expect(lane.figures.expired == 0, "the refresh was never refused")
            // (Patient waiters have no deadline, so the line above holds by construction; what
            // shows the refresh was not refused is that the one refusal was the request's.)
            #expect(lane.figures.refused + lane.figures.expired == 1, "only the request with ?variant=dark was refused")
        }
    }
}
