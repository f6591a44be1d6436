#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import Testing
@testable import HTTPEngine

/// A response larger than the socket buffers, on both backends: the write blocks, the loop
/// serves others meanwhile, and the rest goes out when the client reads. On `poll` this is the
/// path where write interest is switched on and off again (`EventLoop.syncInterest`).
/// `.offThePool`: the reads block (up to 30 s), which must not hold a cooperative-pool thread.
@Suite(.offThePool) struct BlockedWriteTests {
    @Test(arguments: HTTPEventBackend.available) func aLargeResponseArrivesWholeWhileOthersAreServed(_ backend: HTTPEventBackend) throws {
        let size = 16 << 20
        let big = HTTPBytes((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try withTestServer(backend: backend, configure: { $0.loopCount = 1 }, handler: HTTPClosureHandler { request, _ in
            request.rawPath == "/big" ? .respond(HTTPResponse(body: big)) : .respond(HTTPResponse(text: "small"))
        }) { server in
            let slow = try TestClient(port: server.port)
            slow.send(request("/big") + request("/after"))
            // Not reading yet: the server's write blocks. One loop only, so the next answer
            // shows it is not stuck on that write.
            let other = try TestClient(port: server.port)
            other.send(request("/small"))
            #expect(try other.readResponse().text == "small")
            let r = try slow.readResponse(timeout: 30)
            #expect(r.status == 200)
            #expect(r.body.count == size)
            #expect(r.body.elementsEqual((0..<size).lazy.map { UInt8(truncatingIfNeeded: $0 &* 31) }))
            #expect(try slow.readResponse().text == "small", "the pipelined request after it is answered too")
        }
    }
}
