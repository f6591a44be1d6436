#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One corpus case sent over a real connection: the bytes (each part a separate write), an
/// optional watch for the server's own reaction, then a half-close and everything read to EOF.
///
/// The engine sends nothing because a client half-closed (it stops parsing and closes once its
/// answers are written), so what arrives after `shutdown(SHUT_WR)` is exactly its answers to the
/// requests it read whole, plus any rejection, and the EOF comes without waiting on a timeout.
struct CorpusExchange {
    /// Everything the server wrote.
    var received: [UInt8] = []
    /// The server closed during the watch, before the client half-closed.
    var closedBeforeHalfClose = false
    /// No EOF within the read deadline after the half-close (the server kept the connection).
    var hung = false

    /// - Parameters:
    ///   - watch: how long to watch before half-closing (zero: half-close at once); used only for
    ///     verdicts that say the server waits, where answered-then-silent must be seen as waiting.
    ///   - readDeadline: how long to wait for the EOF after the half-close.
    static func run(_ parts: [[UInt8]], port: Int, watch: Duration, readDeadline: Duration = .seconds(8)) throws -> CorpusExchange {
        let client = try TestClient(port: port)
        var exchange = CorpusExchange()
        for (index, part) in parts.enumerated() {
            client.send(part)
            // Separate writes stay separate: the next part goes once the server has answered the
            // first (or after a moment, if it answers nothing yet).
            if index < parts.count - 1 { _ = exchange.read(client.fd, until: .now + .milliseconds(500), stopAtFirstBytes: true) }
        }
        if watch > .zero, exchange.read(client.fd, until: .now + watch) == .endOfStream {
            exchange.closedBeforeHalfClose = true
            return exchange
        }
        shutdown(client.fd, Int32(SHUT_WR))
        exchange.hung = exchange.read(client.fd, until: .now + readDeadline) != .endOfStream
        return exchange
    }

    enum ReadEnd { case endOfStream, deadline, bytes }

    /// Appends what arrives until EOF (or a reset, which ends the stream too) or the deadline.
    private mutating func read(_ fd: Int32, until deadline: ContinuousClock.Instant, stopAtFirstBytes: Bool = false) -> ReadEnd {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .deadline }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let millis = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&p, 1, millis)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return .deadline }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return .endOfStream }
            received += chunk[0..<n]
            if stopAtFirstBytes { return .bytes }
        }
    }
}
