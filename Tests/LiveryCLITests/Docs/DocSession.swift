import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One Markdown file's examples run in order against one live `livery serve` (port 0, a fresh
/// database in a temporary folder), as a reader would run them one after another: files a block
/// writes, variables a shell block exports and skins a block publishes are there for the next.
final class DocSession {
    let folder: URL
    let server: ServerProcess
    /// An admin token the checks use for their own requests (the examples make their own).
    let token: String
    /// Shell state carried from block to block (`export -p` after each).
    let stateFile: URL

    /// Starts the server in `folder` with its default database path, as `swift run livery serve` would.
    init(folder: URL) async throws {
        self.folder = folder
        stateFile = folder.appendingPathComponent(".doc-session-state")
        server = try await ServerProcess([], directory: folder)
        let created = try await CLI.run(["token", "create", "--name", "doc-tests", "--role", "admin"], directory: folder)
        guard created.status == 0 else { throw DocFailure("token create failed: \(created.stderr)") }
        token = created.lastLine
        let path = CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        try "export PATH='\(path)'\n".write(to: stateFile, atomically: true, encoding: .utf8)
    }

    func stop() { server.stop() }

    /// The documentation's server address, `localhost:8080`, made this server's.
    func localized(_ text: String) -> String {
        text.replacingOccurrences(of: "localhost:8080", with: "127.0.0.1:\(server.port)")
            .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")
    }

    /// Sends one request with the session's admin token; returns the status and body.
    func request(_ method: String, _ path: String, body: Data? = nil) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: server.url + path)!)
        request.httpMethod = method
        request.httpBody = body
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// Writes a block's text to a file in the session folder (`file PATH`).
    func write(_ text: String, to relativePath: String) throws {
        let url = folder.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
