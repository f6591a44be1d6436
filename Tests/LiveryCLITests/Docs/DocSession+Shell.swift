import Foundation
import TestSupport

extension DocSession {
    /// What a shell run printed (stdout and stderr interleaved, as a terminal shows them).
    struct ShellResult {
        var status: Int32
        var output: String
    }

    /// Runs a script with bash in the session folder, after the state earlier blocks left, and
    /// saves the exported variables for the next. Background jobs it starts are ended when it
    /// exits; a run past `timeout` seconds is killed and fails.
    func shell(_ script: String, exitOnError: Bool, timeout: Double = 90) async throws -> ShellResult {
        let scriptFile = folder.appendingPathComponent(".doc-block.sh")
        let prologue = """
            cd '\(folder.path)'
            source '\(stateFile.path)'
            trap 'export -p > "\(stateFile.path)"; jobs -p | xargs -r kill 2>/dev/null' EXIT
            set -o pipefail\(exitOnError ? " -eu" : "")

            """
        try (prologue + localized(script) + "\n").write(to: scriptFile, atomically: true, encoding: .utf8)
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [scriptFile.path],
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LIVERY_") },
            mergeOutput: true, timeout: timeout)
        guard result.status != -1 else { throw DocFailure("still running after \(Int(timeout)) s") }
        return ShellResult(status: result.status, output: result.stdout)
    }

    /// `bash -n`: the syntax of a block that is not run.
    static func checkShellSyntax(_ script: String) async throws {
        let (status, message) = try await ToolRun.run(URL(fileURLWithPath: "/bin/bash"), ["-n", "-c", script])
        guard status == 0 else { throw DocFailure("shell syntax: \(message)") }
    }

    /// Each `livery SUBCOMMAND` a block names must be a subcommand the binary has.
    static func checkNamedSubcommands(_ script: String) async throws {
        let pattern = try Regex(#"(?:^|[\s(/])livery\s+([a-z][a-z-]*)"#)
        for match in script.matches(of: pattern) {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            let help = try await CLI.run([name, "--help"])
            guard help.status == 0 else {
                throw DocFailure("`livery \(name)` is not a livery subcommand")
            }
        }
    }
}
