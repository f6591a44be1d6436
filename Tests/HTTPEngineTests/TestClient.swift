#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import TestSupport
import Logging
import Synchronization
@testable import HTTPEngine

struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A response as read by the test client.
struct TestResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking POSIX-socket HTTP client for end-to-end tests (no URLSession): it writes raw bytes
/// and parses responses itself, so tests control exactly what goes on the wire.
final class TestClient {
    let fd: Int32
    var buffer: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1") throws {
        let v6 = host.contains(":")
        fd = TestSockets.stream(family: v6 ? AF_INET6 : AF_INET)
        guard fd >= 0 else { throw TestError("socket") }
        var ok: Int32 = -1
        if v6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &a.sin6_addr)
            ok = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &a.sin_addr)
            ok = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        // No close here: an initializer that throws once every property is set still runs
        // `deinit`, which closes `fd`. Closing it here too closed it twice, and the second close
        // could hit a descriptor another test's connection had just been given (the corpus
        // cases that read as an empty `accept:0` while a refused-connection test ran beside them).
        guard ok == 0 else { throw TestError("connect \(errno)") }
    }

    deinit { close(fd) }

    func send(_ s: String) { send(Array(s.utf8)) }

    /// Sends all of `bytes`, or stops where the server has closed (EPIPE, a reset): a case the
    /// server rejects early may close before later parts. A send interrupted by a signal is
    /// retried, not taken for a close.
    func send(_ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { TestSockets.send(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            off += n
        }
    }

    /// Reads more bytes; false on EOF, error or timeout.
    func fill(timeout: Double) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(timeout * 1000)) == 1 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return false }
        buffer += chunk[0..<n]
        return true
    }

    /// Reads one response (an interim 1xx counts as one). `head`: the request was HEAD.
    func readResponse(head: Bool = false, timeout: Double = 10) throws -> TestResponse {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = headEnd() {
                let text = String(decoding: buffer[0..<end], as: UTF8.self)
                var lines = text.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TestError("bad status line: \(text)") }
                let headers = lines.filter { !$0.isEmpty }.map { line -> (String, String) in
                    let i = line.firstIndex(of: ":")!
                    return (String(line[..<i]), line[line.index(after: i)...].trimmingCharacters(in: .whitespaces))
                }
                let length = (head || status < 200 || status == 204 || status == 304) ? 0
                    : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
                while buffer.count < end + 4 + length {
                    guard Date() < deadline, fill(timeout: deadline.timeIntervalSinceNow) else { throw TestError("body timeout") }
                }
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return TestResponse(status: status, headers: headers, body: body)
            }
            guard Date() < deadline, fill(timeout: max(0.01, deadline.timeIntervalSinceNow)) else {
                throw TestError("no response (buffer: \(String(decoding: buffer, as: UTF8.self)))")
            }
        }
    }

    /// True when the server closed the connection (EOF) within `timeout` with no more bytes.
    func isClosedByPeer(timeout: Double = 10) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(timeout * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, 0)
        return n <= 0
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }
}

/// Runs `body` against a server on 127.0.0.1 port 0 and always shuts it down.
func withTestServer(
    backend: HTTPEventBackend = .platformDefault,
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    observer: (any HTTPServerObserver)? = nil,
    handler: some HTTPServerHandler,
    _ body: (HTTPServer) throws -> Void
) throws {
    var configuration = HTTPServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.loopCount = 2
    configuration.eventBackend = backend
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handler: handler, observer: observer, logger: Logger(label: "test"))
    try server.start()
    defer { shutdownAndWait(server, grace: .seconds(2)) }
    try body(server)
}

func shutdownAndWait(_ server: HTTPServer, grace: Duration) {
    let done = DispatchSemaphore(value: 0)
    server.shutdown(grace: grace) { done.signal() }
    done.wait()
}

func request(_ path: String, headers: [String] = []) -> String {
    request("GET", path, headers: headers)
}

func request(_ method: String, _ path: String, headers: [String] = [], body: String? = nil) -> String {
    var s = "\(method) \(path) HTTP/1.1\r\nHost: test\r\n"
    for h in headers { s += h + "\r\n" }
    if let body { s += "Content-Length: \(body.utf8.count)\r\n" }
    s += "\r\n"
    if let body { s += body }
    return s
}

/// A handler for engine tests: `/echo` returns the body, `/defer?ms=N` answers from another
/// thread after N ms, `/hold` never answers (until shutdown or client gone), others echo the path.
struct TestHandler: HTTPServerHandler {
    let events: EventLog

    func handle(_ request: HTTPRequest, context: HTTPRequestContext) -> HTTPHandlerResult {
        switch request.rawPath {
        case "/echo":
            return .respond(HTTPResponse(status: .ok, headers: [HTTPField("Content-Type", "text/plain")], bytes: request.body))
        case "/defer":
            let ms = Int(request.queryValue("ms") ?? "100") ?? 100
            let handle = context.deferResponse()
            let tag = request.queryValue("tag") ?? "deferred"
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(ms)) {
                handle.respond(HTTPResponse(text: tag))
            }
            return .deferred
        case "/hold":
            let handle = context.deferResponse(timeout: request.queryValue("timeout").flatMap(Double.init).map { .milliseconds(Int($0 * 1000)) })
            let events = self.events
            handle.onEnd { reason in
                events.append("\(reason)")
                if reason != .clientGone { handle.respond(HTTPResponse(status: reason == .timedOut ? .notModified : .serviceUnavailable, headers: [HTTPField("Retry-After", "1")], text: "bye")) }
            }
            return .deferred
        default:
            return .respond(HTTPResponse(status: .ok, headers: [HTTPField("X-Path", request.rawPath)], text: "path=\(request.rawPath)"))
        }
    }
}

/// A thread-safe list of strings, with waiting.
final class EventLog: Sendable {
    private let items = Mutex<[String]>([])
    func append(_ s: String) { items.withLock { $0.append(s) } }
    var all: [String] { items.withLock { $0 } }
    func wait(for s: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if all.contains(s) { return true }
            usleep(5000)
        }
        return false
    }
}
