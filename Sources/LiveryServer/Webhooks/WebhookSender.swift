import CLibSSL
import Foundation
import SkinStore

#if canImport(Glibc)
import Glibc

private let systemConnect = Glibc.connect
private let systemSend = Glibc.send
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin

private let systemConnect = Darwin.connect
private let systemSend = Darwin.send
private let streamSocket = SOCK_STREAM
private let noSignal: Int32 = 0
#endif

/// Sends one signed delivery (docs/api.md, "Webhooks"): `POST` of the event's JSON with
/// `Livery-Signature: t=UNIX_SECONDS,v1=HEX`, `HEX` the lower-case hex HMAC-SHA256 of
/// `t + "." + body` under the webhook's secret. A 2xx is delivered; anything else (a redirect
/// included: it is not followed) is tried again.
///
/// Its own small HTTP/1.1 client, on a thread of its own per attempt (blocking sockets, 10 s
/// timeouts), TLS through the system's libssl: it connects to the very address it has just
/// checked (``WebhookTarget``), so a name cannot be re-pointed inside the network between the
/// check and the connection. (Foundation's URLSession on Linux both resolves again and, measured
/// with scripts/bench-webhooks.py, kept a core busy while deliveries waited on a slow receiver.)
struct WebhookSender: Sendable {
    /// How long connecting, sending and awaiting the answer may each take.
    static let timeoutSeconds = 10

    /// The roots HTTPS targets are checked against, read once: the system's, and
    /// `webhooks.trustedCertificates` when set.
    private let tls: TLSClientContext

    init(trustedCertificates: String? = nil) {
        tls = TLSClientContext(trustedCertificates: trustedCertificates)
    }

    /// What an attempt came to.
    struct Outcome: Sendable, Equatable {
        var status: Int?
        var error: String?
        var delivered: Bool { status.map { (200..<300).contains($0) } ?? false }
    }

    /// The `Livery-Signature` value for `body` sent at `seconds` (Unix time).
    static func signature(body: [UInt8], secret: String, seconds: Int64) -> String {
        let signed = Array("\(seconds).".utf8) + body
        return "t=\(seconds),v1=" + Hex.encode(SHA256Digest.hmac(key: Array(secret.utf8), message: signed))
    }

    /// Checks `url`'s target and sends `body` to it, signed at `seconds`, off the cooperative pool.
    func send(url: String, body: [UInt8], secret: String, seconds: Int64, delivery: Int, allowPrivate: Bool) async -> Outcome {
        await onThreadOfItsOwn { [tls] in
            Self.sendBlocking(url: url, body: body, secret: secret, seconds: seconds, delivery: delivery, allowPrivate: allowPrivate, tls: tls)
        }
    }

    private static func sendBlocking(
        url: String, body: [UInt8], secret: String, seconds: Int64, delivery: Int, allowPrivate: Bool, tls: TLSClientContext
    ) -> Outcome {
        let target: WebhookTarget, address: WebhookTarget.Address
        do throws(WebhookTargetError) {
            target = try WebhookTarget(url: url)
            address = try target.checkedAddress(allowPrivate: allowPrivate)
        } catch {
            return Outcome(status: nil, error: error.message)
        }
        let hostHeader = (target.host.contains(":") ? "[\(target.host)]" : target.host)
            + ((target.scheme == "https" && target.port == 443) || (target.scheme == "http" && target.port == 80) ? "" : ":\(target.port)")
        let head = "POST \(target.pathAndQuery) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: Livery-Webhooks\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            + "Livery-Signature: \(signature(body: body, secret: secret, seconds: seconds))\r\nLivery-Delivery: \(delivery)\r\n\r\n"
        let socket: Int32
        switch connect(to: address, port: target.port) {
        case .success(let descriptor): socket = descriptor
        case .failure(let message): return Outcome(status: nil, error: message)
        }
        defer { close(socket) }
        var connection: any WebhookConnection = PlainConnection(socket: socket)
        if target.scheme == "https" {
            switch TLSConnection.open(socket: socket, host: target.host, context: tls) {
            case .success(let tls): connection = tls
            case .failure(let message): return Outcome(status: nil, error: message)
            }
        }
        defer { connection.close() }
        guard connection.write(Array(head.utf8) + body) else { return Outcome(status: nil, error: "the receiver did not take the request") }
        // The status line is all an attempt needs: "HTTP/1.1 204 …".
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !received.contains(0x0A), received.count < 8192 {
            let count = connection.read(&buffer)
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        let line = String(decoding: received.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...599).contains(status) else {
            return Outcome(status: nil, error: received.isEmpty ? "no answer within \(timeoutSeconds) s" : "the answer is not HTTP/1.x")
        }
        return Outcome(status: status, error: nil)
    }

    private enum Connected {
        case success(Int32)
        case failure(String)
    }

    /// A TCP connection to `address`, with send and receive timeouts (which bound `connect` too).
    private static func connect(to address: WebhookTarget.Address, port: Int) -> Connected {
        let descriptor = socket(Int32(address.family), streamSocket, 0)
        guard descriptor >= 0 else { return .failure("no socket: errno \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var storage = address.storage
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                if address.family == AF_INET {
                    socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port = in_port_t(UInt16(port).bigEndian) }
                } else {
                    socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port = in_port_t(UInt16(port).bigEndian) }
                }
                return systemConnect(descriptor, socketAddress, address.length)
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure("could not connect to \(address.text) port \(port): \(reason)")
        }
        return .success(descriptor)
    }
}

/// A connection a delivery is written to and its answer read from.
private protocol WebhookConnection {
    func write(_ bytes: [UInt8]) -> Bool
    func read(_ buffer: inout [UInt8]) -> Int
    func close()
}

private struct PlainConnection: WebhookConnection {
    let socket: Int32

    func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { systemSend(socket, $0.baseAddress, $0.count, noSignal) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    func read(_ buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    }

    func close() {}
}

/// The client side of TLS for every delivery, made once (reading the system's roots is not free):
/// peers verified against the system's roots and `webhooks.trustedCertificates`. An `SSL_CTX`
/// may make connections on many threads at once once it is set up; it is never changed after.
final class TLSClientContext: @unchecked Sendable {
    /// Nil when TLS could not be set up: each HTTPS attempt then fails saying why.
    fileprivate let context: OpaquePointer?
    fileprivate let problem: String?

    init(trustedCertificates: String?) {
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            (self.context, problem) = (nil, "TLS is unavailable")
            return
        }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        SSL_CTX_set_default_verify_paths(context)
        if let trustedCertificates, SSL_CTX_load_verify_locations(context, trustedCertificates, nil) != 1 {
            SSL_CTX_free(context)
            (self.context, problem) = (nil, "webhooks.trustedCertificates (\(trustedCertificates)) could not be read")
            return
        }
        (self.context, problem) = (context, nil)
    }

    deinit {
        if let context { SSL_CTX_free(context) }
    }
}

/// TLS over the connected socket: the context's trusted roots, the host name checked against the
/// certificate and sent as SNI.
private final class TLSConnection: WebhookConnection {
    private let ssl: OpaquePointer

    private init(ssl: OpaquePointer) {
        self.ssl = ssl
    }

    enum Opened {
        case success(TLSConnection)
        case failure(String)
    }

    static func open(socket: Int32, host: String, context client: TLSClientContext) -> Opened {
        guard let context = client.context else { return .failure(client.problem ?? "TLS is unavailable") }
        guard let ssl = SSL_new(context) else { return .failure("TLS is unavailable") }
        let connection = TLSConnection(ssl: ssl)
        SSL_set_fd(ssl, socket)
        _ = livery_ssl_set_server_name(ssl, host)
        SSL_set1_host(ssl, host)
        guard SSL_connect(ssl) == 1 else {
            let verify = SSL_get_verify_result(ssl)
            let reason = verify == X509_V_OK ? "the TLS handshake failed" : "the certificate was refused: " + String(cString: X509_verify_cert_error_string(verify))
            connection.close()
            return .failure(reason)
        }
        return .success(connection)
    }

    func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) } == Int32(bytes.count)
    }

    func read(_ buffer: inout [UInt8]) -> Int {
        Int(buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) })
    }

    private var closed = false

    func close() {
        guard !closed else { return }
        closed = true
        SSL_shutdown(ssl)
        SSL_free(ssl)
    }
}
