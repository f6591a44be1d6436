import Foundation
import Testing
import TestSupport

/// OFREP's evaluations are reads sent as POST (docs/api.md, "OFREP"): their 64 KiB body limit is
/// applied before `100 Continue` and before a byte of the body is read, a chunked body is cut off
/// at it, and anonymous bodies together hold one client's share of the body budget, so slow
/// evaluations cannot keep a designer from publishing (docs/operations.md, "Pressure").
@Suite struct OFREPBodyLimitTests {
    static func head(length: Int, expect: Bool) -> String {
        "POST /ofrep/v1/evaluate/flags HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(length)\r\n" + (expect ? "Expect: 100-continue\r\n" : "") + "\r\n"
    }

    @Test func aBodyPastTheLimitIsRefusedBeforeItIsInvitedOrRead() async throws {
        try await TestServer.run { server in
            let port = server.port
            let declared = try await onThread {
                let connection = try RawConnection(port: port)
                try connection.send(Self.head(length: 1 << 20, expect: true))
                return String(decoding: connection.receive(), as: UTF8.self)
            }
            #expect(declared.hasPrefix("HTTP/1.1 413 "), "\(declared.prefix(200))")
            #expect(!declared.contains("100 Continue"))
            #expect(declared.contains("at most 65536 bytes"))

            // Chunked: answered as soon as the body passes the limit, not when it ends.
            let chunked = try await onThread {
                let connection = try RawConnection(port: port)
                try connection.send("POST /ofrep/v1/evaluate/flags HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = "4000\r\n" + String(repeating: " ", count: 0x4000) + "\r\n"
                for _ in 0..<5 { try? connection.send(chunk) }
                return String(decoding: connection.receive(), as: UTF8.self)
            }
            #expect(chunked.hasPrefix("HTTP/1.1 413 "), "\(chunked.prefix(200))")

            // A context within it is evaluated as before.
            let small = try await server.request("POST", "/ofrep/v1/evaluate/flags", body: Array(#"{"context": {}}"#.utf8))
            #expect(small.status == 200)
        }
    }

    /// The attack: slow anonymous evaluations, each declaring what the limit allows and dripping
    /// it. Before, they filled this 1 MiB budget (16 of 64 KiB) and every publish got 503.
    @Test func slowAnonymousEvaluationsCannotHoldTheBudgetPublishesNeed() async throws {
        try await TestServer.run(configure: {
            $0.maxBufferedBodyBytes = 1 << 20
            $0.maxBufferedBodyBytesPerToken = 256 << 10
        }) { server in
            let designer = try await server.token(.designer)
            let port = server.port
            let (held, refused) = try await onThread {
                var held: [RawConnection] = []
                var refused = 0
                for _ in 0..<20 {
                    let connection = try RawConnection(port: port, timeout: 1)
                    try connection.send(Self.head(length: 64 << 10, expect: false) + "{\"context\"")
                    let answer = String(decoding: connection.receive { !$0.isEmpty }, as: UTF8.self)
                    if answer.hasPrefix("HTTP/1.1 429 ") { refused += 1 } else { held.append(connection) }
                }
                return (OpenConnections(held), refused)
            }
            #expect(refused == 16, "four bodies of 64 KiB fill the anonymous share of 256 KiB; the others are refused")
            #expect(try await server.publish("demo", PressureTests.other, token: designer).status == 201)
            _ = held
        }
    }
}

/// Connections a test keeps open until it is done with them.
private final class OpenConnections: @unchecked Sendable {
    // Handed from the thread that opened them to the test, which only keeps them alive.
    let connections: [RawConnection]
    init(_ connections: [RawConnection]) { self.connections = connections }
}
