import Foundation
import HTTPEngine
import Synchronization
import Testing
import TestSupport
@testable import LiveryServer

/// The change feed's long-polls: counted in `longPoll.maxWaiters` with the documents' ones, and
/// woken by one shared store read per change (docs/operations.md).
extension LongPollEndpointTests {
    @Test func heldFeedRequestsCountInTheLongPollBudget() async throws {
        // maxConnections 20 → a budget of 19 long-polls of either kind.
        try await TestServer.run(seedDemo: false, configure: { $0.maxConnections = 20 }) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let tag = try #require(try await server.get("/v1/skins/app/resolved").header("ETag"))
            let next = try #require(try await server.get("/v1/events?after=0").json["next"] as? Int)
            let budget = server.app.configuration.effectiveMaxWaiters
            let held = (0..<budget).map { _ in Task { try await server.get("/v1/events?after=\(next)&wait=30") } }
            try await server.waitUntilHolding(budget)

            // The budget is spent by feeds: a document's long-poll is told to come back (before,
            // it was held: feeds were not counted), and so is one more feed.
            let document = try await server.request("GET", "/v1/skins/app/resolved?wait=3", headers: [("If-None-Match", tag)])
            #expect(document.status == 304)
            #expect(document.header("Retry-After") == "2")
            let feed = try await server.get("/v1/events?after=\(next)&wait=3")
            #expect(feed.status == 200)
            #expect(feed.header("Retry-After") == "2")
            #expect((feed.json["events"] as? [Any])?.isEmpty == true)

            // Those two answers closed their connections; the publish needs a place under the
            // cap of 20 once the server has closed them too (else it is refused at the cap).
            try await waitUntil("the refused long-polls' connections are closed") { server.app.server.openConnections <= budget }
            #expect(try await server.publish("app", Self.other, token: designer).status == 201)
            for waiter in held {
                let answer = try await waiter.value
                #expect((answer.json["events"] as? [Any])?.count == 1)
            }
            #expect(server.app.routes.events.budget.count == 0)
        }
    }

    /// Before, each change read the store once per held feed, and each new feed request re-read
    /// it for every feed already held: 20 waiters cost 210 + 20 reads; now about two per
    /// waiter (its own read, its check after registering) and one per change.
    @Test func aChangeWakesEveryFeedWaiterWithOneSharedRead() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            let feed = server.app.routes.events
            let waiters = 20
            let held = (0..<waiters).map { _ in Task { try await server.get("/v1/events?after=0&wait=30") } }
            try await server.waitUntilHolding(waiters)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            for waiter in held {
                let events = try #require(try await waiter.value.json["events"] as? [[String: Any]])
                #expect(events.count == 1)
            }
            let reads = feed.storeReads.load(ordering: .relaxed)
            #expect(reads <= 2 * waiters + 2, "\(reads) store reads for \(waiters) waiters and one change")
        }
    }
}
