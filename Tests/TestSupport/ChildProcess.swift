import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process for tests, started with `posix_spawn` and waited for without holding a thread
/// of the cooperative pool: the one way the test targets start programs (`livery`, `bash`, `gzip`,
/// `pg_restore`, `taskset`, `sh`).
///
/// - Not `Foundation.Process`: `Process.run()` in this toolchain's Foundation (Swift 6.3.1) reads
///   `/proc/self/fd` with a 256-byte copy of each `dirent` and crashes now and then (SIGSEGV in
///   memcpy, seen in full CI runs; fixed upstream in swift-corelibs-foundation #5472).
///   `posix_spawn` has no such step.
/// - Nothing blocks: `waitUntilExit()` and `readDataToEndOfFile()` hold the calling thread. On a
///   2-core machine the pool has two threads, and the in-process servers of other suites need them:
///   a few blocked test tasks delayed their long-poll wake-ups by 10 s in full runs. So output goes
///   to files (a pipe could fill and stall the child) and the exit is polled with `waitpid(WNOHANG)`
///   between `Task.sleep`s.
/// - A child is always reaped: ``kill()`` or, failing that, `deinit` ends and reaps one still running.
package final class ChildProcess: Sendable {
    package struct Output: Sendable {
        /// The exit code; 128 + N for a child signal N ended; -1 for one killed at its timeout.
        package var status: Int32
        package var standardOutput: Data
        package var stderr: String
        package var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    package struct SpawnFailure: Error, CustomStringConvertible {
        package var description: String
    }

    package let pid: pid_t
    private let scratch: URL
    private let outputFile: URL
    private let errorFile: URL?
    /// The exit code once the child is reaped (`waitpid` succeeds once; the lock makes it so).
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `executable ARGS` with stdin from `/dev/null`. `mergeOutput` sends stderr into
    /// stdout, as a terminal shows them; `environment` nil inherits this process's. Descriptors
    /// this test process holds (test clients' sockets) stay out of the child.
    package init(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        directory: URL? = nil, mergeOutput: Bool = false
    ) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("livery-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        outputFile = scratch.appendingPathComponent("stdout")
        errorFile = mergeOutput ? nil : scratch.appendingPathComponent("stderr")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let errorFile {
            posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        GlibcSpawnExtras.closeFrom(&actions, 3)
        if let directory, !GlibcSpawnExtras.changeDirectory(&actions, directory.path) {
            try? FileManager.default.removeItem(at: scratch)
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
        guard spawned == 0 else {
            try? FileManager.default.removeItem(at: scratch)
            throw SpawnFailure(description: "posix_spawn \(executable.path): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
    }

    /// Runs `executable ARGS` to completion; past `timeout` seconds the child is killed and the
    /// status is -1.
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        directory: URL? = nil, mergeOutput: Bool = false, timeout: Double = 300
    ) async throws -> Output {
        let child = try ChildProcess(executable, arguments, environment: environment, directory: directory, mergeOutput: mergeOutput)
        let status = try await child.exit(timeout: timeout) ?? {
            child.kill()
            return -1
        }()
        return Output(status: status, standardOutput: child.standardOutput, stderr: child.stderr)
    }

    /// The exit code if the child has ended (reaping it), nil while it runs. Never blocks.
    package var exitCode: Int32? {
        reaped.withLock { code in
            if code == nil {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { code = Self.exitCode(status) }
            }
            return code
        }
    }

    package var isRunning: Bool { exitCode == nil }

    /// Waits (polling every 5 ms, off the pool's threads) until the child ends: its exit code,
    /// or nil if it still runs after `timeout` seconds.
    package func exit(timeout: Double) async throws -> Int32? {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if let code = exitCode { return code }
            try await Task.sleep(for: .milliseconds(5))
        }
        return exitCode
    }

    package func signal(_ signal: Int32) {
        if isRunning { Self.send(signal, to: pid) }
    }

    /// SIGKILL and reap: a cleanup for `defer`, where nothing can be awaited. The wait is for
    /// the kernel to end the child, not for the child to do anything.
    package func kill() {
        reaped.withLock { code in
            guard code == nil else { return }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) != pid {
                Self.send(SIGKILL, to: pid)
                _ = waitpid(pid, &status, 0)
            }
            code = Self.exitCode(status)
        }
    }

    /// What the child wrote to stdout so far (and its stderr, if merged).
    package var standardOutput: Data { (try? Data(contentsOf: outputFile)) ?? Data() }
    package var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    package var stderr: String { errorFile.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? "" }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// kill(2), under another name: inside this type `kill` is the method.
    private static func send(_ signal: Int32, to pid: pid_t) {
        #if canImport(Glibc)
        _ = Glibc.kill(pid, signal)
        #else
        _ = Darwin.kill(pid, signal)
        #endif
    }

    /// `WEXITSTATUS`, or 128 + the signal for a child a signal ended (as a shell reports it).
    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
