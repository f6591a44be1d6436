import Foundation
import Testing
@testable import LiveryServer
import TestSupport

/// The server stays reachable and bounded under pressure (docs/api.md, "Reading skins" long-poll budget, §5).
@Suite struct PressureTests {
    static let doc = ##"{"color": {"$type": "color", "tint": {"$value": "#3366ff"}}}"##
    static let other = ##"{"color": {"$type": "color", "tint": {"$value": "#00aa00"}}}"##

    static func head(_ target: String, token: String, length: Int) -> String {
        "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(length)\r\nExpect: 100-continue\r\n\r\n"
    }

    @Test func aBadTokenIsRefusedBeforeTheBodyWithoutContinue() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let port = server.port
            // A 4 MiB body announced, never sent: the answer must come from the head alone.
            let refused = try await onThread {
                let connection = try RawConnection(port: port)
                try connection.send(Self.head("/v1/skins/app/versions", token: "not-a-token", length: 4 << 20))
                return String(decoding: connection.receive(), as: UTF8.self)
            }
            #expect(refused.hasPrefix("HTTP/1.1 401 "))
            #expect(!refused.contains("100 Continue"))
            #expect(refused.contains("Connection: close"))

            // No token at all: refused at once too.
            let anonymous = try await onThread {
                let connection = try RawConnection(port: port)
                try connection.send("PUT /v1/channels/default HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n")
                return String(decoding: connection.receive(), as: UTF8.self)
            }
            #expect(anonymous.hasPrefix("HTTP/1.1 401 "))

            // A good token is invited to send, and its body is read.
            let designer = try await server.token(.designer)
            let accepted = try await onThread {
                let connection = try RawConnection(port: port)
                let body = Array(Self.doc.utf8)
                try connection.send(Self.head("/v1/skins/app/versions", token: designer, length: body.count))
                let interim = connection.receive { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
                try connection.send(body)
                let final = connection.receive { String(decoding: $0, as: UTF8.self).contains("\"version\":1") }
                return (String(decoding: interim, as: UTF8.self), String(decoding: final, as: UTF8.self))
            }
            #expect(accepted.0.hasPrefix("HTTP/1.1 100 Continue\r\n"))
            #expect(accepted.1.hasPrefix("HTTP/1.1 201 "))
        }
    }

    @Test func bodiesBeyondTheBufferBudgetGet503() async throws {
        try await TestServer.run(seedDemo: false, configure: { $0.maxBufferedBodyBytes = 1 << 20 }) { server in
            let port = server.port
            let designer = try await server.token(.designer)
            let answer = try await onThread {
                let connection = try RawConnection(port: port)
                try connection.send(Self.head("/v1/assets", token: designer, length: 2 << 20))
                return String(decoding: connection.receive(), as: UTF8.self)
            }
            #expect(answer.hasPrefix("HTTP/1.1 503 "))
            #expect(answer.contains("Retry-After: 1"))
            #expect(!answer.contains("100 Continue"))
            // What fits is still read.
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
        }
    }

    @Test func longPollsPastTheBudgetGet304AtOnceAndAPublishStillGetsIn() async throws {
        // maxConnections 40 → a budget of 38 waiters, 2 connections in reserve.
        try await TestServer.run(seedDemo: false, configure: { $0.maxConnections = 40 }) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let tag = try #require(try await server.get("/v1/skins/app/resolved").header("ETag"))
            let budget = server.app.configuration.effectiveMaxWaiters
            #expect(budget == 38)
            let held = (0..<budget).map { _ in
                Task { try await server.request("GET", "/v1/skins/app/resolved?wait=30", headers: [("If-None-Match", tag)]) }
            }
            try await server.waitUntilHolding(budget)

            let started = ContinuousClock.now
            let refused = try await server.request("GET", "/v1/skins/app/resolved?wait=30", headers: [("If-None-Match", tag)])
            #expect(refused.status == 304)
            #expect(refused.header("Retry-After") == "2")
            #expect(ContinuousClock.now - started < .seconds(15), "answered at once, not held for the 30 s asked")

            // Clients that keep their connections open: every connection left is taken by a
            // long-poll over budget. The server answers and closes each, so the publish gets in.
            let port = server.port
            let spare = server.app.configuration.maxConnections - budget
            let overBudget = try await onThread {
                let kept = KeptConnections()
                for _ in 0..<spare {
                    let connection = try RawConnection(port: port)
                    try connection.send("GET /v1/skins/app/resolved?wait=30 HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(tag)\r\n\r\n")
                    let head = connection.receive { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
                    kept.answers.append((String(decoding: head, as: UTF8.self), connection.peerClosed()))
                    kept.connections.append(connection)
                }
                return kept
            }
            #expect(overBudget.answers.count == 2)
            for (head, closed) in overBudget.answers {
                #expect(head.hasPrefix("HTTP/1.1 304 "))
                #expect(head.contains("Connection: close"))
                #expect(closed)
            }
            #expect(try await server.publish("app", Self.other, token: designer).status == 201)
            for waiter in held {
                let answer = try await waiter.value
                #expect(answer.status == 200)
                #expect(answer.json["version"] as? Int == 2)
            }
            withExtendedLifetime(overBudget) {}
        }
    }
}

/// Connections a test keeps open (client side) across an `await`, with what each was answered.
private final class KeptConnections: @unchecked Sendable {
    var connections: [RawConnection] = []
    var answers: [(head: String, closed: Bool)] = []
}
