import Foundation
import Testing
import TestSupport
@testable import LiveryServer

/// The lane under real heavy requests (issue 33: three validations pushed `/readyz` to 4.3 s,
/// eight anonymous `/contrast` clients to 2.3 s): while validations of a large document fill
/// every place of the lane, health, readiness and cached launches answer within a second.
@Suite(.offThePool) struct HeavyLaneLoadTests {
    /// A draft whose validation computes for a while: `count` colours derived by expressions,
    /// in `variants` variants that each override the base, so every selection resolves them all.
    static func largeDraft(count: Int = 3_000, variants: Int = 6) -> [UInt8] {
        let variantMembers = (0..<variants).map { index in
            ##""v\##(index)": {"color": {"base": {"$value": "#\##(String(format: "%02x", 16 * index))8040"}}}"##
        }
        let tokens = (0..<count).map { index in
            ##""c\##(index)": {"$value": "lighten({color.base}, 0.\##(index % 90 + 10))"}"##
        }
        let text = #"{"$livery": {"variants": {"# + variantMembers.joined(separator: ",") + "}}, "
            + ##""color": {"$type": "color", "base": {"$value": "#336699"}, "## + tokens.joined(separator: ",") + "}}"
        return Array(text.utf8)
    }

    @Test func validationsFillingTheLaneLeaveHealthAndCachedReadsFast() async throws {
        try await TestServer.run(configure: {
            $0.laneHeavyJobs = 2
            $0.laneQueue = 8
            $0.laneDeadline = 300
        }) { server in
            let designer = try await server.token(.designer)
            let lane = server.app.routes.lane
            let draft = Self.largeDraft()
            #expect(try await server.get("/v1/channels/default/skin", timeout: TestServer.patience).status == 200)


            // Six validations: two take the places and four wait, so the lane stays full of real
            // work for three validations' time, however fast this machine runs them. (That a
            // request past a full queue is refused is HeavyLaneEndpointTests', where a held place
            // makes it exact; here the point is the cheap requests beside real work.)
            let validations = (0..<6).map { _ in Task { try await server.validate("large", draft, token: designer, timeout: TestServer.patience) } }
            try await waitUntil("two validations run", timeout: .seconds(TestServer.patience)) { lane.figures.running == 2 }

            var checked = 0
            while lane.figures.running == 2 && checked < 20 {
                // The event loops' answers are timed; readiness (a task on the pool, which the lane
                // leaves free but other suites in this process may not) must answer.
                #expect(try await server.get("/readyz", timeout: TestServer.patience).status == 200)
                for target in ["/healthz", "/v1/channels/default/skin"] {
                    let begin = ContinuousClock.now
                    let response = try await server.get(target)
                    let took = ContinuousClock.now - begin
                    #expect(response.status == 200, "\(target)")
                    #expect(took < .seconds(1), "\(target) took \(took) while the lane was full")
                }
                checked += 1
            }
            #expect(checked >= 1, "the lane stayed full while cheap requests were measured")
            for validation in validations {
                let answer = try await validation.value
                #expect(answer.status == 200)
            }
        }
    }
}
