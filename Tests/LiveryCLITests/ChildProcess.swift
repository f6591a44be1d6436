import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a child process to completion without holding a thread of the cooperative pool, and
/// without `Foundation.Process`.
///
/// - `waitUntilExit()` and `readDataToEndOfFile()` block the calling thread. On a 2-core machine the
///   pool has two threads, and the in-process servers of other suites need them: a few blocked
///   test tasks delayed their long-poll wake-ups by 10 s in full runs. So output goes to files (a
///   pipe could fill and stall the child) and the exit is polled with `waitpid(WNOHANG)` between
///   `Task.sleep`s.
/// - `Process.run()` in this toolchain's Foundation reads `/proc/self/fd` with a 256-byte copy of
///   each `dirent` and crashes now and then (SIGSEGV in memcpy, seen in a full CI run; fixed
///   upstream in swift-corelibs-foundation #5472). `posix_spawn` has no such step.
enum ChildProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    struct SpawnFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable ARGS`; `mergeOutput` sends stderr into stdout, as a terminal shows them.
    /// `environment` nil inherits this process's; past `timeout` seconds the child is killed and
    /// its status is -1.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        directory: URL? = nil, mergeOutput: Bool = false, timeout: Double = 300
    ) async throws -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("livery-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outFile = scratch.appendingPathComponent("stdout"), errFile = scratch.appendingPathComponent("stderr")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if mergeOutput {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, errFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        // Descriptors this test process holds (test clients' sockets) stay out of the child.
        GlibcSpawnExtras.closeFrom(&actions, 3)
        if let directory, !GlibcSpawnExtras.changeDirectory(&actions, directory.path) {
            throw SpawnFailure(description: "this C library cannot set a child's directory")
        }

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, env)
        guard spawned == 0 else { throw SpawnFailure(description: "posix_spawn \(executable.path): \(String(cString: strerror(spawned)))") }

        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                status = -1
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return Output(
            status: status == -1 ? -1 : exitCode(status),
            stdout: (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
            stderr: mergeOutput ? "" : (try? String(contentsOf: errFile, encoding: .utf8)) ?? "")
    }

    /// `WEXITSTATUS`, or 128 + the signal for a child a signal ended (as a shell reports it).
    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34) and `…_addchdir_np` (2.29), which its
/// Swift module map does not export; looked up at run time.
enum GlibcSpawnExtras {
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }

    static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, _ path: String) -> Bool {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return false }
        return unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, path) == 0
    }
}
