import Foundation
import HTTPEngine
import Logging
import SkinStore
import Synchronization
import Testing
import TestSupport

@testable import LiveryServer

/// Webhooks (docs/api.md, "Webhooks"), end to end on each backend: deliveries signed as the
/// docs say and checked by a receiver the test runs, retried with the documented backoff until
/// the receiver accepts, filtered by kind, listed with every attempt; targets inside the network
/// refused unless allowed.
@Suite struct WebhookEndpointTests {
    /// A receiver on 127.0.0.1 that answers the statuses it is given, in order (the last one
    /// thereafter), and keeps every request it got with the time it came.
    final class Receiver: Sendable {
        struct Received: Sendable {
            let body: [UInt8]
            let signature: String?
            let delivery: String?
            let at: ContinuousClock.Instant
        }

        /// The requests received and the statuses still to answer, shared with the handler.
        final class Log: Sendable {
            let list = Mutex<[Received]>([])
            let statuses: Mutex<[Int]>
            init(_ statuses: [Int]) { self.statuses = Mutex(statuses) }
        }

        let server: HTTPServer
        private let log: Log

        /// Answers `statuses` in order, the last one thereafter.
        init(statuses: [Int]) throws {
            var configuration = HTTPServerConfiguration()
            configuration.host = "127.0.0.1"
            configuration.port = 0
            let log = Log(statuses)
            self.log = log
            let handler = HTTPClosureHandler { request, _ in
                let count = log.list.withLock { list in
                    list.append(Received(
                        body: request.body, signature: request.headers["livery-signature"], delivery: request.headers["livery-delivery"],
                        at: .now))
                    return list.count
                }
                let status = log.statuses.withLock { $0[min(count, $0.count) - 1] }
                return .respond(HTTPResponse(status: HTTPStatus(status)))
            }
            server = HTTPServer(configuration: configuration, handler: handler, logger: Logger(label: "receiver"))
            try server.start()
        }

        /// From now on, answers `status` to every request.
        func answer(_ status: Int) { log.statuses.withLock { $0 = [status] } }

        var requests: [Received] { log.list.withLock { $0 } }
        var url: String { "http://127.0.0.1:\(server.port)/hook" }
    }

    static func register(_ server: TestServer, url: String, events: String, token: String) async throws -> TestResponse {
        try await server.request(
            "POST", "/v1/webhooks", headers: Release.auth(token),
            body: Array(#"{"url": "\#(url)", "events": \#(events), "secret": "a-secret-of-sixteen+"}"#.utf8))
    }

    @Test(arguments: GateBackend.available)
    func aDeliveryIsSignedAndRetriedWithBackoffUntilTheReceiverAccepts(backend: GateBackend) async throws {
        let receiver = try Receiver(statuses: [500, 503, 204])
        defer { Task { await receiver.server.shutdown(grace: .zero) } }
        try await backend.run(configure: { $0.webhooksAllowPrivateTargets = true; $0.changePollInterval = 0.1 }) { server in
            let admin = try await server.token(.admin), designer = try await server.token(.designer)
            let created = try await Self.register(server, url: receiver.url, events: #"["publish"]"#, token: admin)
            #expect(created.status == 201 && created.json["events"] as? [String] == ["publish"] && created.json["secret"] == nil)
            let id = try #require(created.json["id"] as? Int)
            let reviews = try #require(try await Self.register(server, url: receiver.url, events: #"["review"]"#, token: admin).json["id"] as? Int)

            #expect(try await server.publish("app", Release.skin(tint: "#123456"), token: designer).status == 201)
            try await waitUntil("three attempts reach the receiver", timeout: .seconds(30)) { receiver.requests.count >= 3 }
            try await Task.sleep(for: .milliseconds(500))
            let requests = receiver.requests
            #expect(requests.count == 3, "delivered once accepted, and only to the webhook that asked for publish")

            for request in requests {
                // What docs/api.md tells a receiver to check: t=…,v1=HMAC-SHA256(secret, t + "." + body).
                let parts = Dictionary(uniqueKeysWithValues: (request.signature ?? "").split(separator: ",").compactMap { part -> (String, String)? in
                    let pair = part.split(separator: "=", maxSplits: 1)
                    return pair.count == 2 ? (String(pair[0]), String(pair[1])) : nil
                })
                let t = try #require(parts["t"])
                let expected = Hex.encode(SHA256Digest.hmac(key: Array("a-secret-of-sixteen+".utf8), message: Array((t + ".").utf8) + request.body))
                #expect(parts["v1"] == expected)
                let event = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
                #expect(event["kind"] as? String == "publish" && event["skin"] as? String == "app" && event["version"] as? Int == 1)
            }
            // The body is the change feed's event, byte for byte (both canonical JSON of one rendering).
            let feed = try await server.get("/v1/events?after=0").json["events"] as? [[String: Any]] ?? []
            let published = try #require(feed.first { $0["kind"] as? String == "publish" && $0["skin"] as? String == "app" })
            let canonical = try JSONSerialization.data(withJSONObject: published, options: [.sortedKeys, .withoutEscapingSlashes])
            #expect(requests.allSatisfy { $0.body == Array(canonical) }, "\(String(decoding: requests[0].body, as: UTF8.self))")
            // The first retry a second after the first attempt, the second two seconds after that.
            let gaps = zip(requests.dropFirst(), requests).map { $0.at - $1.at }
            #expect(gaps.count == 2 && gaps[0] >= .milliseconds(900) && gaps[1] >= .milliseconds(1_900), "\(gaps)")

            let listed = try await server.request("GET", "/v1/webhooks/\(id)/deliveries", headers: Release.auth(admin))
            let deliveries = listed.json["deliveries"] as? [[String: Any]] ?? []
            #expect(deliveries.count == 1 && deliveries.first?["state"] as? String == "delivered")
            #expect((deliveries.first?["attempts"] as? [[String: Any]])?.map { $0["status"] as? Int } == [500, 503, 204])
            let none = try await server.request("GET", "/v1/webhooks/\(reviews)/deliveries", headers: Release.auth(admin))
            #expect((none.json["deliveries"] as? [Any])?.isEmpty == true)
            #expect(try await server.request("DELETE", "/v1/webhooks/\(reviews)", headers: Release.auth(admin)).status == 204)
            let remaining = try await server.request("GET", "/v1/webhooks", headers: Release.auth(admin)).json["webhooks"] as? [[String: Any]]
            #expect(remaining?.map { $0["id"] as? Int } == [id])
        }
    }

    @Test(arguments: GateBackend.available)
    func targetsInsideTheNetworkAndUnknownKindsAreRefused(backend: GateBackend) async throws {
        try await backend.run { server in
            let admin = try await server.token(.admin), designer = try await server.token(.designer)
            for url in [
                "http://127.0.0.1:9/hook", "http://localhost/hook", "http://10.1.2.3/hook", "http://192.168.0.10/hook", "http://172.20.0.1/",
                "http://169.254.169.254/latest/meta-data", "http://[::1]:8080/", "http://[fd00::1]/", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/",
            ] {
                let refused = try await Self.register(server, url: url, events: #"["*"]"#, token: admin)
                // The detail names the member at fault (the slug alone already contains "url").
                #expect(refused.status == 422 && refused.text.contains("invalid-webhook-url"), "\(url): \(refused.text)")
                #expect((refused.json["detail"] as? String)?.hasPrefix("url") == true, "\(url): \(refused.text)")
            }
            for url in ["ftp://example.com/", "http://user:pw@example.com/", "not a url"] {
                #expect(try await Self.register(server, url: url, events: #"["*"]"#, token: admin).status == 422, "\(url)")
            }
            let unknownKind = try await Self.register(server, url: "http://127.0.0.1/", events: #"["published"]"#, token: admin)
            #expect(unknownKind.status == 422 && unknownKind.text.contains("invalid-webhook-events"))
            #expect(try await Self.register(server, url: "http://127.0.0.1/", events: #"["*"]"#, token: designer).status == 403)
            #expect(try await server.request("GET", "/v1/webhooks/99/deliveries", headers: Release.auth(admin)).status == 404)
        }
    }

    /// Two servers on one database (two processes sharing it, as behind a balancer): each
    /// delivery is sent once, by whichever claims it. Then a delivery committed while no process
    /// sends is sent by the next one that starts: the outbox survives restarts.
    @Test(arguments: GateBackend.available)
    func twoProcessesSendEachDeliveryOnceAndTheOutboxOutlivesTheProcess(backend: GateBackend) async throws {
        let receiver = try Receiver(statuses: [204])
        defer { Task { await receiver.server.shutdown(grace: .zero) } }
        let allow: (inout LiveryConfiguration) -> Void = { $0.webhooksAllowPrivateTargets = true; $0.changePollInterval = 0.05 }
        try await backend.run(configure: allow) { first in
            let shared = first.app.configuration
            let sameDatabase: (inout LiveryConfiguration) -> Void = { configuration in
                allow(&configuration)
                configuration.databaseURL = shared.databaseURL
                configuration.databasePath = shared.databasePath
            }
            let admin = try await first.token(.admin), designer = try await first.token(.designer)
            #expect(try await Self.register(first, url: receiver.url, events: #"["publish"]"#, token: admin).status == 201)
            try await TestServer.run(seedDemo: false, configure: sameDatabase) { second in
                for version in 1...20 {
                    let server = version.isMultiple(of: 2) ? first : second
                    #expect(try await server.publish("app", Release.skin(tint: String(format: "#0000%02x", version)), token: designer).status == 201)
                }
                try await waitUntil("twenty deliveries arrive", timeout: .seconds(60)) { receiver.requests.count >= 20 }
                try await Task.sleep(for: .seconds(1))
                let ids = receiver.requests.compactMap(\.delivery)
                #expect(ids.count == 20 && Set(ids).count == 20, "each delivery sent once: \(ids.count) requests, \(Set(ids).count) deliveries")
                #expect(first.app.webhooks.attempts + second.app.webhooks.attempts == 20)
            }
            // No process sends now: the first one's sender is stopped, the second one is gone.
            await first.app.webhooks.stop()
            #expect(try await first.publish("app", Release.skin(tint: "#00ff00"), token: designer).status == 201)
            try await Task.sleep(for: .seconds(1))
            #expect(receiver.requests.count == 20, "committed, not sent")
            try await TestServer.run(seedDemo: false, configure: sameDatabase) { third in
                try await waitUntil("the next process sends what was committed", timeout: .seconds(30)) { receiver.requests.count >= 21 }
                // The receiver logs a request before it answers; the sender counts it once answered.
                try await waitUntil("the next process counts its attempt", timeout: .seconds(15)) { third.app.webhooks.attempts >= 1 }
                #expect(third.app.webhooks.attempts == 1 && receiver.requests.count == 21)
            }
        }
    }

    @Test func addressesInsideTheNetworkAreKnownAndPublicOnesAreNot() {
        for inside in ["127.0.0.1", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.0.1", "100.64.0.1", "0.0.0.0",
                       "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "::ffff:10.0.0.1"] {
            #expect(WebhookTarget.isInternal(inside), "\(inside)")
        }
        for outside in ["8.8.8.8", "172.32.0.1", "1.1.1.1", "2606:4700::1111", "::ffff:8.8.8.8", "192.169.0.1"] {
            #expect(!WebhookTarget.isInternal(outside), "\(outside)")
        }
    }

    @Test func retriesStartAfterASecondDoubleAtMostAnHourApartAndStopAfterADay() {
        let start: Int64 = 1_000_000
        #expect(WebhookRetry.nextAttempt(afterFailedAttempts: 1, createdAt: start, now: start) == start + 1_000)
        #expect(WebhookRetry.nextAttempt(afterFailedAttempts: 2, createdAt: start, now: start + 1_000) == start + 3_000)
        #expect(WebhookRetry.nextAttempt(afterFailedAttempts: 3, createdAt: start, now: start + 3_000) == start + 7_000)
        #expect(WebhookRetry.nextAttempt(afterFailedAttempts: 12, createdAt: start, now: start) == start + 2_048_000)
        #expect(WebhookRetry.nextAttempt(afterFailedAttempts: 13, createdAt: start, now: start) == start + 3_600_000)
        #expect(WebhookRetry.nextAttempt(afterFailedAttempts: 40, createdAt: start, now: start) == start + 3_600_000)
        #expect(WebhookRetry.nextAttempt(afterFailedAttempts: 30, createdAt: start, now: start + 86_000_000) == nil, "past a day: failed")
    }
}
