import Foundation

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
        let output = try await ChildProcess.run(
            binary, arguments,
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LIVERY_") }.merging(environment) { $1 },
            directory: directory)
        return Result(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }

    /// A temporary folder, removed after `body`.
    static func inTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }
}

/// `livery serve` running in the background; its port is read from the `listening on` line.
final class ServerProcess: @unchecked Sendable {
    // @unchecked Sendable: the process and pipes are set in init and only read afterwards; the
    // collected log is guarded by `lock`.
    let process = Process()
    private let lock = NSLock()
    private var log = ""
    private(set) var port = 0

    init(_ arguments: [String] = [], environment: [String: String] = [:], directory: URL) async throws {
        process.executableURL = CLI.binary
        process.arguments = ["serve", "--port", "0", "--host", "127.0.0.1"] + arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LIVERY_") }
            .merging(environment) { $1 }
        process.currentDirectoryURL = directory
        let err = Pipe()
        process.standardError = err
        process.standardOutput = err
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.log += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let port = listeningPort() {
                self.port = port
                return
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw CLI.Failure(message: "server did not start: \(output)")
    }

    var output: String { lock.withLock { log } }

    private func listeningPort() -> Int? {
        guard let range = output.range(of: "listening on http://127.0.0.1:") else { return nil }
        let digits = output[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Sends SIGTERM and waits for the exit status.
    func terminate(timeout: Double = 20) -> Int32? {
        process.terminate()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
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
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
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
