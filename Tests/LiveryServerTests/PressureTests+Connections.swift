import Foundation
import Testing
@testable import LiveryServer
import TestSupport

/// Idle keep-alive connections cannot take the reserve that `/healthz` and designers need
/// (docs/operations.md, "Pressure").
extension PressureTests {
    @Test func idleKeepAlivesGiveWayWhenTheServerIsFull() async throws {
        // maxConnections 40: a budget of 38 long-polls, 2 connections in reserve.
        try await TestServer.run(seedDemo: false, configure: { $0.maxConnections = 40; $0.eventLoops = 1 }) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let tag = try #require(try await server.get("/v1/skins/app/resolved").header("ETag"))
            let held = (0..<30).map { _ in
                Task { try await server.request("GET", "/v1/skins/app/resolved?wait=30", headers: [("If-None-Match", tag)]) }
            }
            try await server.waitUntilHolding(30)
            // Ten clients each make one request and keep their connection open: 40 open.
            let port = server.port
            let idle = try await onThread {
                let kept = IdleConnections()
                for _ in 0..<10 {
                    let connection = try RawConnection(port: port)
                    try connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                    let answer = connection.receive { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
                    kept.answers.append(String(decoding: answer, as: UTF8.self))
                    kept.connections.append(connection)
                }
                return kept
            }
            #expect(idle.answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200 ") })
            // Full: a health check and a publish still get in (before: 503), the oldest idle
            // connections having been closed for them.
            #expect(try await server.get("/healthz").status == 200)
            #expect(try await server.publish("app", Self.other, token: designer).status == 201)
            let firstClosed = try await onThread { idle.connections[0].peerClosed() }
            #expect(firstClosed, "the oldest idle connection was closed")
            for waiter in held {
                #expect(try await waiter.value.status == 200)
            }
        }
    }
}

/// Connections a test keeps open (client side) across an `await`, with what each was answered.
private final class IdleConnections: @unchecked Sendable {
    var connections: [RawConnection] = []
    var answers: [String] = []
}
