import Foundation

/// Runs a child process to completion without holding a thread of the cooperative pool.
///
/// `waitUntilExit()` and `readDataToEndOfFile()` block the calling thread. On a 2-core machine the
/// pool has two threads, and the in-process servers of other suites need them: a few blocked test
/// tasks were enough to delay their long-poll wake-ups by 10 s in full runs. So output goes to
/// files (a pipe could fill and stall the child) and the exit is awaited with `Task.sleep`.
enum ChildProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable ARGS`; `mergeOutput` sends stderr into stdout, as a terminal shows them.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        directory: URL? = nil, mergeOutput: Bool = false
    ) async throws -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("livery-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outFile = scratch.appendingPathComponent("stdout"), errFile = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let out = try FileHandle(forWritingTo: outFile)
        let err = mergeOutput ? out : try FileHandle(forWritingTo: errFile)
        defer {
            try? out.close()
            if !mergeOutput { try? err.close() }
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        process.waitUntilExit()  // already exited: reaps it and fixes terminationStatus
        return Output(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
            stderr: mergeOutput ? "" : (try? String(contentsOf: errFile, encoding: .utf8)) ?? "")
    }
}
