import Foundation
import TestSupport
import Testing
@testable import LiveryServer

/// Balancer-friendly shutdown (docs/operations.md, `shutdown.drainDelay`).
@Suite struct DrainingTests {
    @Test func duringTheDrainDelayReadyzFailsAndResponsesClose() async throws {
        // The checks below must land inside the drain delay, after which the listener closes: 10 s
        // leaves a loaded machine room for two requests (the test lasts as long as the delay).
        try await TestServer.run(configure: { $0.drainDelay = 10 }) { server in
            #expect(try await server.get("/readyz").status == 200)
            let stopping = Task { await server.app.shutdown() }
            try await waitUntil("the server drains") { server.app.server.isDraining }

            let ready = try await server.get("/readyz")
            #expect(ready.status == 503)
            #expect(ready.header("Retry-After") != nil)
            // Still serving, on connections that close after each answer.
            let port = server.port
            let answer = try await onThread {
                let connection = try RawConnection(port: port)
                try connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                return String(decoding: connection.receive(), as: UTF8.self)
            }
            #expect(answer.hasPrefix("HTTP/1.1 200 "))
            #expect(answer.contains("Connection: close"))
            await stopping.value
        }
    }
}
