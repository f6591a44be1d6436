#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
@testable import HTTPEngine

/// Every test here runs on both readiness backends (epoll and the portable poll one that Darwin
/// uses), so CI on Linux tests the code a Mac runs (docs/operations.md). `.offThePool`: these tests block on
/// socket reads (seconds, with their timeouts), which on the cooperative pool would hold one of its
/// two threads from every other suite's in-process servers.
@Suite("Server end to end", .offThePool)
struct ServerEndToEndTests {
    @Test(arguments: HTTPEventBackend.available) func keepAliveServesSeveralRequests(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: TestHandler(events: EventLog())) { server in
            #expect(server.port > 0)
            let client = try TestClient(port: server.port)
            for i in 0..<3 {
                client.send(request("/k\(i)"))
                let r = try client.readResponse()
                #expect(r.status == 200)
                #expect(r.text == "path=/k\(i)")
                #expect(r.header("Date")?.hasSuffix("GMT") == true)
                #expect(r.header("Connection") == nil)
            }
        }
    }

    @Test(arguments: HTTPEventBackend.available) func pipelinedResponsesInOrder(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send(request("/a") + request("/b") + request("HEAD", "/c") + request("/d"))
            #expect(try client.readResponse().text == "path=/a")
            #expect(try client.readResponse().text == "path=/b")
            let head = try client.readResponse(head: true)
            #expect(head.status == 200 && head.body.isEmpty && head.header("Content-Length") == "7")
            #expect(try client.readResponse().text == "path=/d")
        }
    }

    @Test(arguments: HTTPEventBackend.available) func pipelinedBehindDeferredWaitTheirTurn(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send(request("/defer?ms=300&tag=first") + request("/second") + request("/defer?ms=10&tag=third") + request("/fourth"))
            #expect(try client.readResponse().text == "first")
            #expect(try client.readResponse().text == "path=/second")
            #expect(try client.readResponse().text == "third")
            #expect(try client.readResponse().text == "path=/fourth")
        }
    }

    /// A body behind a held request is neither screened nor read until the held one is
    /// answered (docs/operations.md, "Pressure"); then it is read as usual, in order.
    @Test(arguments: HTTPEventBackend.available) func bodyPipelinedBehindDeferredIsReadInItsTurn(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send(request("/defer?ms=200&tag=first") + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"
                + request("/second"))
            #expect(try client.readResponse().text == "first")
            #expect(try client.readResponse().text == "hello")
            #expect(try client.readResponse().text == "path=/second")
        }
    }

    @Test(arguments: HTTPEventBackend.available) func deferredAnsweredFromAnotherThread(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: TestHandler(events: EventLog())) { server in
            let clients = try (0..<20).map { _ in try TestClient(port: server.port) }
            for (i, c) in clients.enumerated() { c.send(request("/defer?ms=\(50 + i)&tag=t\(i)")) }
            for (i, c) in clients.enumerated() { #expect(try c.readResponse().text == "t\(i)") }
            #expect(server.heldRequests == 0)
        }
    }

    @Test(arguments: HTTPEventBackend.available) func chunkedRequestBody(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n")
            usleep(20000)
            client.send("1\r\n \r\n5\r\nworld\r\n0\r\nX-T: 1\r\n\r\n")
            let r = try client.readResponse()
            #expect(r.status == 200 && r.text == "hello world")
        }
    }

    @Test(arguments: HTTPEventBackend.available) func expectContinue(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            let interim = try client.readResponse()
            #expect(interim.status == 100)
            client.send("ping")
            let r = try client.readResponse()
            #expect(r.status == 200 && r.text == "ping")
        }
    }

    @Test(arguments: HTTPEventBackend.available) func expectContinueTooLargeGets413(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.maxBodyBytes = 10 }, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\nExpect: 100-continue\r\n\r\n")
            let r = try client.readResponse()
            #expect(r.status == 413)
            #expect(r.header("Connection") == "close")
            #expect(client.isClosedByPeer())
        }
    }

    @Test(arguments: HTTPEventBackend.available, [
        (414, "GET /\(String(repeating: "a", count: 200)) HTTP/1.1\r\nHost: t\r\n\r\n"),
        (431, "GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 300))\r\n\r\n"),
        (413, "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n"),
        (413, "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n200\r\n"),
        (400, "GET / HTTP/1.1\r\nHost : t\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n"),
        (400, "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        (501, "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n"),
        (505, "GET / HTTP/2.0\r\nHost: t\r\n\r\n"),
        (411, "POST /echo HTTP/1.1\r\nHost: t\r\n\r\n"),
    ])
    func limitsAndErrorsAnswerThenClose(_ backend: HTTPEventBackend, _ row: (Int, String)) throws {
        try withTestServer(backend: backend, configure: {
            $0.maxRequestLineBytes = 100
            $0.maxHeaderBytes = 200
            $0.maxBodyBytes = 500
        }, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send(row.1)
            let r = try client.readResponse()
            #expect(r.status == row.0)
            #expect(r.header("Connection") == "close")
            #expect(r.header("Content-Type") == "application/problem+json")
            #expect(client.isClosedByPeer(), "connection stays open after \(row.0)")
            #expect(!String(decoding: client.buffer, as: UTF8.self).contains("smuggled"))
        }
    }

    @Test(arguments: HTTPEventBackend.available) func slowHeaderClientDoesNotBlockOthers(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.loopCount = 1 }, handler: TestHandler(events: EventLog())) { server in
            let slow = try TestClient(port: server.port)
            slow.send("GET /slow HTTP/1.1\r\nHo")
            let start = Date()
            for i in 0..<5 {
                let fast = try TestClient(port: server.port)
                fast.send(request("/fast\(i)"))
                #expect(try fast.readResponse().status == 200)
            }
            // Liveness: a blocked loop would leave the fast clients waiting for the slow one forever.
            #expect(Date().timeIntervalSince(start) < 20)
            slow.send("st: t\r\n\r\n")
            #expect(try slow.readResponse().text == "path=/slow")
        }
    }

    @Test(arguments: HTTPEventBackend.available) func headerTimeoutAnswers408AndCloses(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.headerTimeout = .milliseconds(300) }, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: t\r\n")
            let r = try client.readResponse(timeout: 10)
            #expect(r.status == 408)
            #expect(r.header("Connection") == "close")
            #expect(client.isClosedByPeer())
            // A silent connection times out too (the deadline starts at accept).
            let silent = try TestClient(port: server.port)
            #expect(try silent.readResponse(timeout: 10).status == 408)
        }
    }

    /// The body deadline is the client's, not the server's: a body check slower than it (a
    /// token check in a busy store) still reads the body the client sent whole, and a client
    /// that then stalls mid-body is timed out as usual, the deadline counted from the verdict.
    @Test(arguments: HTTPEventBackend.available) func aSlowBodyCheckIsNotTheClientsTimeout(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.headerTimeout = .milliseconds(300) }, handler: SlowScreeningHandler()) { server in
            let client = try TestClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
            let answer = try client.readResponse(timeout: 10)
            #expect(answer.status == 200 && answer.text == "hello")

            let stalled = try TestClient(port: server.port)
            let start = Date()
            stalled.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhe")
            #expect(try stalled.readResponse(timeout: 10).status == 408)
            #expect(Date().timeIntervalSince(start) >= 0.8, "the 300 ms deadline counts from the verdict, after the 600 ms check")
        }
    }

    @Test(arguments: HTTPEventBackend.available) func idleKeepAliveTimeoutCloses(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.idleTimeout = .milliseconds(300) }, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send(request("/x"))
            #expect(try client.readResponse().status == 200)
            #expect(client.isClosedByPeer(timeout: 10))
        }
    }

    @Test(arguments: HTTPEventBackend.available) func writeTimeoutDropsClientsThatStopReading(_ backend: HTTPEventBackend) throws {
        let big = HTTPBytes([UInt8](repeating: 0x61, count: 32 << 20))
        try withTestServer(backend: backend, configure: { $0.writeTimeout = .milliseconds(300) }, handler: HTTPClosureHandler { _, _ in
            .respond(HTTPResponse(body: big))
        }) { server in
            let client = try TestClient(port: server.port)
            client.send(request("/big"))
            let deadline = Date().addingTimeInterval(10)
            while server.openConnections > 0 && Date() < deadline { usleep(10000) }
            #expect(server.openConnections == 0, "a client that stopped reading was not dropped")
        }
    }

    @Test(arguments: HTTPEventBackend.available) func manyPipelinedRequestsBehindADeferredOne(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.maxPipelinedRequests = 4 }, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            var batch = request("/defer?ms=200&tag=slow")
            for i in 0..<50 { batch += request("/p\(i)") }
            client.send(batch)
            #expect(try client.readResponse().text == "slow")
            for i in 0..<50 { #expect(try client.readResponse().text == "path=/p\(i)") }
        }
    }

    @Test(arguments: HTTPEventBackend.available) func clientGoneIsReported(_ backend: HTTPEventBackend) throws {
        let events = EventLog()
        try withTestServer(backend: backend, handler: TestHandler(events: events)) { server in
            let client = try TestClient(port: server.port)
            client.send(request("/hold"))
            let deadline = Date().addingTimeInterval(10)
            while server.heldRequests == 0 && Date() < deadline { usleep(5000) }
            #expect(server.heldRequests == 1)
            shutdown(client.fd, Int32(SHUT_RDWR))
            #expect(events.wait(for: "clientGone"))
            while server.heldRequests == 1 && Date() < deadline { usleep(5000) }
            #expect(server.heldRequests == 0)
        }
    }

    @Test(arguments: HTTPEventBackend.available) func deferredTimeoutIsReported(_ backend: HTTPEventBackend) throws {
        let events = EventLog()
        try withTestServer(backend: backend, handler: TestHandler(events: events)) { server in
            let client = try TestClient(port: server.port)
            client.send(request("/hold?timeout=0.2"))
            let r = try client.readResponse()
            #expect(r.status == 304 && r.body.isEmpty)
            #expect(events.all == ["timedOut"])
        }
    }

    @Test(arguments: HTTPEventBackend.available) func gracefulShutdown(_ backend: HTTPEventBackend) throws {
        let events = EventLog()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventBackend = backend
        configuration.loopCount = 2
        let server = HTTPServer(configuration: configuration, handler: TestHandler(events: events), logger: .init(label: "test"))
        try server.start()
        var stopped = false
        defer { if !stopped { shutdownAndWait(server, grace: .seconds(1)) } }
        let held = try TestClient(port: server.port)
        held.send(request("/hold"))
        let inFlight = try TestClient(port: server.port)
        inFlight.send(request("/defer?ms=400&tag=finished"))
        let idle = try TestClient(port: server.port)
        idle.send(request("/idle"))
        #expect(try idle.readResponse().status == 200)
        let deadline = Date().addingTimeInterval(10)
        while server.heldRequests < 2 && Date() < deadline { usleep(5000) }

        // A long grace (10 s) that the shutdown must not use up: it ends once the held request is
        // told and the in-flight one (400 ms) is answered, well before, even on a loaded machine.
        let start = Date()
        shutdownAndWait(server, grace: .seconds(10))
        stopped = true
        #expect(Date().timeIntervalSince(start) < 8, "ended when its work was done, not at the grace")
        #expect(events.all.contains("serverShutdown"))
        let told = try held.readResponse()
        #expect(told.status == 503 && told.header("Connection") == "close")
        let finished = try inFlight.readResponse()
        #expect(finished.text == "finished" && finished.header("Connection") == "close")
        #expect(idle.isClosedByPeer())
        #expect((try? TestClient(port: server.port)) == nil)
    }

    @Test(arguments: HTTPEventBackend.available) func shutdownForceClosesAfterGrace(_ backend: HTTPEventBackend) throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventBackend = backend
        let handles = Mutex<[HTTPDeferredResponse]>([])
        let server = HTTPServer(configuration: configuration, handler: HTTPClosureHandler { _, context in
            let handle = context.deferResponse()  // never answered, ignores shutdown
            handles.withLock { $0.append(handle) }
            return .deferred
        }, logger: .init(label: "test"))
        try server.start()
        let client = try TestClient(port: server.port)
        client.send(request("/never"))
        let deadline = Date().addingTimeInterval(30)
        while server.heldRequests == 0 && Date() < deadline { usleep(5000) }
        #expect(server.heldRequests == 1, "the request is held before the shutdown starts")
        let start = Date()
        shutdownAndWait(server, grace: .milliseconds(300))
        let elapsed = Date().timeIntervalSince(start)
        // At least the grace; the upper bound only says it did not wait for the handler forever.
        #expect(elapsed >= 0.25 && elapsed < 10)
        #expect(client.isClosedByPeer())
        // Answering after the loops stopped is refused, and harmless.
        #expect(handles.withLock { $0.count } == 1)
        #expect(handles.withLock { $0.first?.respond(HTTPResponse(text: "late")) } == false)
    }

    @Test(arguments: HTTPEventBackend.available) func listensOnIPv6Loopback(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.host = "::1" }, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port, host: "::1")
            client.send(request("/six"))
            #expect(try client.readResponse().text == "path=/six")
        }
    }

    @Test(arguments: HTTPEventBackend.available) func dualStackAcceptsBothFamilies(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.host = "::" }, handler: TestHandler(events: EventLog())) { server in
            for host in ["127.0.0.1", "::1"] {
                let client = try TestClient(port: server.port, host: host)
                client.send(request("/any"))
                #expect(try client.readResponse().status == 200)
            }
        }
    }

    @Test(arguments: HTTPEventBackend.available) func headHasHeadersButNoBody(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send(request("HEAD", "/h") + request("/h"))
            let head = try client.readResponse(head: true)
            let get = try client.readResponse()
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.header("Content-Length") == get.header("Content-Length"))
            #expect(head.header("X-Path") == "/h")
            #expect(get.text == "path=/h")
        }
    }

    @Test(arguments: HTTPEventBackend.available) func http10KeepAliveRules(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let r = try client.readResponse()
            #expect(r.header("Connection") == "keep-alive")
            client.send("GET /b HTTP/1.0\r\n\r\n")
            #expect(try client.readResponse().header("Connection") == "close")
            #expect(client.isClosedByPeer())
        }
    }

    @Test(arguments: HTTPEventBackend.available) func connectionCapAnswers503(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.maxConnections = 1 }, handler: TestHandler(events: EventLog())) { server in
            // The one connection is busy (a held request), so nothing gives way.
            let first = try TestClient(port: server.port)
            first.send(request("/hold"))
            let deadline = Date().addingTimeInterval(10)
            while server.heldRequests < 1 && Date() < deadline { usleep(5000) }
            let second = try TestClient(port: server.port)
            #expect(try second.readResponse().status == 503)
        }
    }

    /// Near the cap an idle keep-alive connection gives way to a new one: the oldest idle one is
    /// closed (docs/operations.md, "Pressure"). Before, the new one got 503. One loop: a loop
    /// closes only its own idle connections (the accepting loop may hold none of them).
    @Test(arguments: HTTPEventBackend.available) func anIdleConnectionGivesWayAtTheCap(_ backend: HTTPEventBackend) throws {
        try withTestServer(backend: backend, configure: { $0.maxConnections = 1; $0.loopCount = 1 }, handler: TestHandler(events: EventLog())) { server in
            let first = try TestClient(port: server.port)
            first.send(request("/one"))
            #expect(try first.readResponse().status == 200)
            let second = try TestClient(port: server.port)
            second.send(request("/two"))
            #expect(try second.readResponse().text == "path=/two")
            #expect(first.isClosedByPeer())
        }
    }

    @Test(arguments: HTTPEventBackend.available) func observerSeesEveryResponse(_ backend: HTTPEventBackend) throws {
        let observer = RecordingObserver()
        try withTestServer(backend: backend, observer: observer, handler: TestHandler(events: EventLog())) { server in
            let client = try TestClient(port: server.port)
            client.send(request("/o") + request("/defer?ms=50"))
            _ = try client.readResponse()
            _ = try client.readResponse()
            let seen = observer.log.all
            #expect(seen.count == 2)
            #expect(seen.first?.hasPrefix("GET /o 200 7") == true)
            #expect(seen.last?.hasPrefix("GET /defer?ms=50 200 8 held") == true)
        }
    }
}

final class RecordingObserver: HTTPServerObserver {
    let log = EventLog()
    func responseSent(_ event: HTTPResponseEvent) {
        let held = event.heldDuration > .zero ? " held" : ""
        log.append("\(event.request?.method.description ?? "-") \(event.request?.target ?? "-") \(event.status) \(event.bodyBytes)\(held)")
    }
}

/// ``TestHandler`` whose every body is admitted after a 600 ms check off the loop.
private struct SlowScreeningHandler: HTTPServerHandler {
    let inner = TestHandler(events: EventLog())

    func screen(_ head: HTTPRequest) -> HTTPBodyScreening {
        .check {
            try? await Task.sleep(for: .milliseconds(600))
            return .admit(owner: nil)
        }
    }

    func handle(_ request: HTTPRequest, context: HTTPRequestContext) -> HTTPHandlerResult {
        inner.handle(request, context: context)
    }
}
