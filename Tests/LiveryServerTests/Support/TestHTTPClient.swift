import Foundation
import TestSupport

/// A response as the tests see it.
struct TestResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object (Foundation is fine in tests).
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
}

/// A blocking HTTP/1.1 client over a plain socket: one connection per request, so tests can
/// hold many long-polls at once from separate tasks without URLSession's connection pooling
/// getting in the way.
enum TestHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func request(
        port: Int, _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [],
        timeout: Double = 30
    ) throws -> TestResponse {
        let fd = TestSockets.stream(family: AF_INET)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        defer { close(fd) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to \(port) failed") }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { TestSockets.send(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure(description: "send failed") }
            sent += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { received += buffer[0..<n] } else if n == 0 { break } else {
                throw Failure(description: "recv failed or timed out (errno \(errno)) after \(received.count) bytes")
            }
        }
        return try parse(received, method: method)
    }

    static func parse(_ bytes: [UInt8], method: String) throws -> TestResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw Failure(description: "no response head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return TestResponse(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}
