import ArgumentParser
import Foundation

/// `--server`, `--token` and `--json`, shared by the commands that talk to a running server.
struct ServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The server's base URL (default: LIVERY_SERVER or http://127.0.0.1:8080).", valueName: "url"))
    var server: String?

    /// Prefer `LIVERY_TOKEN`: a flag's value is in `/proc/PID/cmdline`, which every local user reads.
    @Option(help: ArgumentHelp("API token (default: LIVERY_TOKEN, which is safer: other local users can read command lines).", valueName: "token"))
    var token: String?

    @Flag(help: "Print the server's JSON answer instead of a summary.")
    var json = false

    var baseURL: String {
        let url = server ?? ProcessInfo.processInfo.environment["LIVERY_SERVER"] ?? "http://127.0.0.1:8080"
        return url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    var bearerToken: String? { token ?? ProcessInfo.processInfo.environment["LIVERY_TOKEN"] }
}
