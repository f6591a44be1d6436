import Foundation
import Testing
@testable import LiveryServer
import TestSupport

/// Bodies are screened before they are read, pipelined or not, and one client cannot hold the
/// body budget (docs/operations.md, "Pressure").
extension PressureTests {
    /// The attack: a long-poll held, then an anonymous body pipelined behind it. Before, such a
    /// body was admitted unscreened and its declared length reserved for as long as the poll was
    /// held; two of them filled this 2 MiB budget and every publish got 503.
    @Test func aBodyPipelinedBehindAHeldLongPollIsNotReadBeforeItsTokenIsScreened() async throws {
        try await TestServer.run(seedDemo: false, configure: { $0.maxBufferedBodyBytes = 2 << 20 }) { server in
            let designer = try await server.token(.designer)
            #expect(try await server.publish("app", Self.doc, token: designer).status == 201)
            let tag = try #require(try await server.get("/v1/skins/app/resolved").header("ETag"))
            let port = server.port
            let attackers = try await onThread {
                let held = HeldConnections()
                for _ in 0..<2 {
                    let connection = try RawConnection(port: port)
                    try connection.send("GET /v1/skins/app/resolved?wait=30 HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(tag)\r\n\r\n"
                        + "POST /v1/assets HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: \(1 << 20)\r\n\r\n"
                        + String(repeating: "a", count: 1000))
                    held.connections.append(connection)
                }
                return held
            }
            try await server.waitUntilHolding(2)
            // The budget is untouched: a designer's publish gets in (it got 503 before).
            #expect(try await server.publish("app", Self.other, token: designer).status == 201)
            // The long-polls are answered, then the anonymous bodies refused unread, and closed.
            let answers = try await onThread {
                attackers.connections.map { String(decoding: $0.receive(), as: UTF8.self) }
            }
            for answer in answers {
                #expect(answer.hasPrefix("HTTP/1.1 200 "))
                let second = answer.components(separatedBy: "HTTP/1.1 ").dropFirst(2).first ?? ""
                #expect(second.hasPrefix("401 "), "the pipelined body is refused for its missing token: \(answer.suffix(300))")
            }
        }
    }

    /// A reader token on a designer route: 403 from the head alone, no `100 Continue`, and
    /// without `Expect` also before the body is read (before, only after all of it).
    @Test func aReaderTokenIsRefusedBeforeTheBodyWithout100Continue() async throws {
        try await TestServer.run(seedDemo: false) { server in
            let reader = try await server.token(.reader)
            let port = server.port
            let withExpect = try await onThread {
                let connection = try RawConnection(port: port)
                try connection.send(Self.head("/v1/skins/app/versions", token: reader, length: 4 << 20))
                return String(decoding: connection.receive(), as: UTF8.self)
            }
            #expect(withExpect.hasPrefix("HTTP/1.1 403 "), "\(withExpect.prefix(200))")
            #expect(!withExpect.contains("100 Continue"))
            #expect(withExpect.contains("Connection: close"))

            let withoutExpect = try await onThread {
                let connection = try RawConnection(port: port)
                try connection.send("POST /v1/assets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(reader)\r\n"
                    + "Content-Type: image/png\r\nContent-Length: \(4 << 20)\r\n\r\n" + String(repeating: "a", count: 1000))
                return String(decoding: connection.receive(), as: UTF8.self)
            }
            #expect(withoutExpect.hasPrefix("HTTP/1.1 403 "), "\(withoutExpect.prefix(200))")
        }
    }

    /// One token's bodies in progress stay under `http.maxBufferedBodyBytesPerToken`: its second
    /// slow body is refused with 429, while another token's publish still gets in.
    @Test func oneTokensSlowBodiesCannotHoldTheWholeBudget() async throws {
        try await TestServer.run(seedDemo: false, configure: { $0.maxBufferedBodyBytesPerToken = 1 << 20 }) { server in
            let slow = try await server.token(.designer)
            let other = try await server.token(.designer)
            let port = server.port
            let (first, second) = try await onThread {
                let a = try RawConnection(port: port)
                try a.send(Self.head("/v1/assets", token: slow, length: 800 << 10))
                let invited = String(decoding: a.receive { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }, as: UTF8.self)
                try a.send(String(repeating: "a", count: 10))
                let b = try RawConnection(port: port)
                try b.send(Self.head("/v1/assets", token: slow, length: 800 << 10))
                let refused = String(decoding: b.receive(), as: UTF8.self)
                withExtendedLifetime(a) {}
                return (invited, refused)
            }
            #expect(first.hasPrefix("HTTP/1.1 100 Continue"))
            #expect(second.hasPrefix("HTTP/1.1 429 "), "\(second.prefix(200))")
            #expect(second.contains("Retry-After: 1"))
            #expect(try await server.publish("app", Self.doc, token: other).status == 201)
        }
    }
}

/// Client connections a test keeps open across an `await`.
private final class HeldConnections: @unchecked Sendable {
    var connections: [RawConnection] = []
}
