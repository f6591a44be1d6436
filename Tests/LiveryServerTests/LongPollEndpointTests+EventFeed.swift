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

    /// A client that wants only what happens from now on (the console) reads `current` in one
    /// small request and follows from there: nothing before it is replayed (docs/apps.md, "The
    /// change feed").
    @Test func everyAnswerGivesTheCurrentSequenceToFollowFrom() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            #expect(try await server.publish("app", Self.other, token: designer).status == 201)
            let first = try await server.get("/v1/events?limit=1").json
            #expect((first["events"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [1])
            #expect(first["next"] as? Int == 1)
            let current = try #require(first["current"] as? Int)
            #expect(current == 2)
            let everything = try await server.get("/v1/events?after=0").json
            #expect(everything["current"] as? Int == current)
            #expect(everything["next"] as? Int == current)

            // Held from `current`, woken by the next change alone, which names the new `current`.
            let held = Task { try await server.get("/v1/events?after=\(current)&limit=1&wait=30") }
            try await server.waitUntilHolding(1)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let woken = try await held.value.json
            #expect((woken["events"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [current + 1])
            #expect(woken["current"] as? Int == current + 1)

            // A wait that runs out still says where the feed is.
            let quiet = try await server.get("/v1/events?after=\(current + 1)&wait=1").json
            #expect((quiet["events"] as? [Any])?.isEmpty == true)
            #expect(quiet["current"] as? Int == current + 1)

            for bad in ["0", "501", "x"] {
                #expect(try await server.get("/v1/events?limit=\(bad)").status == 400)
            }
        }
    }
}
