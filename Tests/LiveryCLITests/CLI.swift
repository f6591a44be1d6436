import Foundation
import TestSupport

/// Runs the built `livery` binary, as a user or a script would.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
    }

    /// The `livery` executable next to the test bundle (`swift test` builds it: the test target
    /// depends on it).
    static var binary: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("livery").path) {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("livery")
    }

    /// Runs `livery ARGS` to completion (off the cooperative pool: see `ChildProcess`).
    static func run(_ arguments: [String], environment: [String: String] = [:], directory: URL? = nil) async throws -> Result {
        let output = try await ChildProcess.run(binary, arguments, environment: Self.environment(environment), directory: directory)
        return Result(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }

    /// This process's environment without its `LIVERY_*` settings (which would change what the
    /// child does), plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LIVERY_") }.merging(extra) { $1 }
    }

    /// A temporary folder, removed after `body`.
    static func inTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }
}

/// `livery serve` running in the background (a ``ChildProcess``, stdout and stderr in one log);
/// its port is read from the `listening on` line.
final class ServerProcess: Sendable {
    let child: ChildProcess
    let port: Int

    init(_ arguments: [String] = [], environment: [String: String] = [:], directory: URL) async throws {
        child = try ChildProcess(
            CLI.binary, ["serve", "--port", "0", "--host", "127.0.0.1"] + arguments,
            environment: CLI.environment(environment), directory: directory, mergeOutput: true)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, child.isRunning {
            if let port = Self.listeningPort(in: child.stdout) {
                self.port = port
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let log = child.stdout
        child.kill()
        throw CLI.Failure(message: "server did not start: \(log)")
    }

    /// Everything the server has logged so far.
    var output: String { child.stdout }

    private static func listeningPort(in output: String) -> Int? {
        guard let range = output.range(of: "listening on http://127.0.0.1:") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Sends SIGTERM and waits for the exit status (nil if it still runs after `timeout` seconds).
    func terminate(timeout: Double = 30) async throws -> Int32? {
        child.signal(SIGTERM)
        return try await child.exit(timeout: timeout)
    }

    /// Ends the server at once (SIGKILL) and reaps it: the cleanup for `defer`, which cannot await.
    func stop() { child.kill() }
}

extension CLI {
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// A plain TCP connection for sending a request in pieces (an in-flight request at shutdown).
final class RawConnection {
    let fd: Int32

    /// `timeout`: how long a read waits for bytes, in seconds.
    init(port: Int, timeout: Int = 10) throws {
        fd = TestSockets.stream(family: AF_INET)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw CLI.Failure(message: "connect failed") }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { TestSockets.send(fd, $0.baseAddress, $0.count) }
    }

    /// Everything until the server closes the connection (or the 10 s timeout).
    func readAll() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    deinit { close(fd) }
}
