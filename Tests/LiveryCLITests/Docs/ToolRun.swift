import Foundation
import TestSupport

/// A checking tool (`swiftc`, `node`, `bash -n`) run to completion, its stdout and stderr together.
enum ToolRun {
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) async throws -> (status: Int32, output: String) {
        let output = try await ChildProcess.run(executable, arguments, directory: directory, mergeOutput: true)
        return (output.status, output.stdout)
    }

    /// The first executable of that name on `PATH`.
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
