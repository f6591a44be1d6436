import Foundation
import TestSupport

/// A plain TCP connection to 127.0.0.1 for tests that must control exactly which bytes go out
/// and when (a head without its body, `Expect: 100-continue`).
final class RawConnection {
    let fd: Int32

    init(port: Int, timeout: Int = 10) throws {
        fd = TestSockets.stream(family: AF_INET)
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // `deinit` closes `fd` even when this throws (every property is set): closing it here as
        // well closed it twice, and the second close could take another test's new descriptor.
        guard connected == 0 else { throw TestHTTPClient.Failure(description: "connect to \(port) failed") }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { TestSockets.send(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw TestHTTPClient.Failure(description: "send failed (errno \(errno))") }
            sent += n
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads until `done` says the bytes so far are enough, the peer closes, or the timeout.
    func receive(until done: ([UInt8]) -> Bool = { _ in false }) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(received) {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            received += buffer[0..<n]
        }
        return received
    }

    /// Whether the peer has closed its side: the next read gives end of file (not the timeout).
    func peerClosed() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }
}

