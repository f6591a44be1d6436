import ArgumentParser
import Foundation

/// `livery activate --channel C --skin S [--version N]`: switches what a channel's clients get.
struct ActivateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activate",
        abstract: "Point a channel at a skin (a pinned version, or its latest).",
        discussion: """
            Every app watching the channel receives the new look within a second. Without \
            --version the channel follows the skin's latest version, so later publishes reach it \
            too. A running rollout ends (recorded as aborted). Needs a designer token; a skin \
            whose contrast pairs fail is refused (409) unless an admin passes --force.
            """
    )

    @Option(help: "The channel, e.g. default.")
    var channel: String = "default"

    @Option(help: "The skin to show.")
    var skin: String

    @Option(help: ArgumentHelp("Pin this version (default: follow the latest).", valueName: "n"))
    var version: Int?

    @Flag(help: "Go past failing contrast checks (admin tokens only; recorded in the audit log).")
    var force = false

    @OptionGroup var server: ServerOptions

    func run() async throws {
        var fields: [String: Any] = ["skin": skin, "version": version.map { $0 as Any } ?? NSNull()]
        if force { fields["force"] = true }
        let body = try JSONSerialization.data(withJSONObject: fields)
        let path = "/v1/channels/\(APIRequest.pathSegment(channel))"
        let answer = try await APIRequest(options: server).send("PUT", path, body: body, headers: ["Content-Type": "application/json"])
        try APIRequest.check(answer, expect: [200])
        if server.json {
            print(answer.text)
        } else {
            print("channel \(channel) now shows \(skin) \(version.map { "version \($0)" } ?? "(latest)")")
        }
    }
}
