import ArgumentParser
import Foundation

/// `livery health`: exits 0 when a server answers `GET /healthz` with 200. The container's
/// HEALTHCHECK uses it, so the runtime image needs no curl.
struct HealthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Check that a server answers /healthz (exit 0) or not (exit 1).")

    @Option(help: ArgumentHelp(
        "The server's base URL (default: LIVERY_SERVER, else http://127.0.0.1:LIVERY_PORT, else port 8080).", valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp("The same as --server (the older name).", valueName: "url", visibility: .hidden))
    var url: String?

    @Option(help: ArgumentHelp("Seconds to wait for the answer.", valueName: "seconds"))
    var timeout = 3.0

    /// Like every client command: the flag, then `LIVERY_SERVER`; then the local server on
    /// `LIVERY_PORT`, which is what the container's HEALTHCHECK relies on.
    var baseURL: String {
        let environment = ProcessInfo.processInfo.environment
        let chosen = server ?? url ?? environment["LIVERY_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "http://127.0.0.1:\(environment["LIVERY_PORT"] ?? "8080")"
        return chosen.hasSuffix("/") ? String(chosen.dropLast()) : chosen
    }

    func run() throws {
        let url = baseURL
        guard let components = URLComponents(string: url), components.scheme == "http", let host = components.host else {
            throw CLIFailure("--server must be an http:// URL, not \(url)")
        }
        let status = try SimpleHTTP.get(host: host, port: components.port ?? 80, path: "/healthz", timeout: timeout)
        guard status == 200 else { throw CLIFailure("\(url)/healthz answered \(status)") }
        print("ok")
    }
}

/// A blocking HTTP/1.1 GET over a plain socket, enough for a health probe: no URLSession, so
/// the probe works in a minimal image and within a tight timeout.
enum SimpleHTTP {
    static func get(host: String, port: Int, path: String, timeout: Double) throws -> Int {
        var hints = addrinfo()
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)  // a C enum in Glibc
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw CLIFailure("cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { throw CLIFailure("cannot create a socket") }
        defer { close(fd) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            throw CLIFailure("cannot connect to \(host):\(port)")
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, 0) == request.count else { throw CLIFailure("cannot send the request") }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 12 else { throw CLIFailure("no answer from \(host):\(port)") }
        // "HTTP/1.1 200 OK"
        let statusText = String(decoding: buffer[9..<12], as: UTF8.self)
        guard let status = Int(statusText) else { throw CLIFailure("not an HTTP answer") }
        return status
    }
}
