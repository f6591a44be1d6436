import ArgumentParser
import Foundation

/// `livery rollout`: show a second look to a share of a channel's clients, then promote or abort it.
struct RolloutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollout",
        abstract: "Roll a skin out to a percentage of a channel's clients, promote it, or abort it.",
        discussion: """
            Clients send a stable bucket (0-99); buckets below the percentage get the rollout, the \
            rest the channel's active skin. Raising the percentage never moves a client back. \
            `livery rollout --skin autumn --percent 10` starts one; `--percent 30` alone moves it; \
            `livery rollout promote` makes it the active skin; `livery rollout abort` drops it.
            """,
        subcommands: [SetPercent.self, Promote.self, Abort.self],
        defaultSubcommand: SetPercent.self
    )

    /// `livery rollout [set]`: start a rollout or move its percentage.
    struct SetPercent: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Start a rollout, or change its skin or percentage.",
            discussion: """
                Keeps the channel's active skin. Without --skin, moves the running rollout. The \
                change is refused (409) when the rollout skin fails its contrast checks, unless an \
                admin passes --force.
                """)

        @OptionGroup var target: ChannelOption

        @Option(help: "The skin to roll out (default: the running rollout's).")
        var skin: String?

        @Option(help: ArgumentHelp("Pin this version of the rollout skin (default: follow its latest).", valueName: "n"))
        var version: Int?

        @Option(help: ArgumentHelp("Percentage of buckets (0-100) that get the rollout.", valueName: "p"))
        var percent: Int

        @Flag(help: "Go past failing contrast checks (admin tokens only; recorded in the audit log).")
        var force = false

        @OptionGroup var server: ServerOptions

        func validate() throws {
            guard (0...100).contains(percent) else { throw ValidationError("--percent must be from 0 to 100.") }
        }

        func run() async throws {
            let client = ChannelClient(options: server, channel: target.channel)
            let (current, etag) = try await client.current()
            let running = current["rollout"] as? [String: Any]
            guard let skin = skin ?? running?["skin"] as? String else {
                throw CLIFailure("channel \(target.channel) runs no rollout; name one with --skin")
            }
            let version: Any = self.skin == nil && self.version == nil ? (running?["version"] ?? NSNull()) : ChannelClient.version(self.version)
            var body: [String: Any] = [
                "skin": current["skin"] ?? NSNull(), "version": current["version"] ?? NSNull(),
                "rollout": ["skin": skin, "version": version, "percent": percent],
            ]
            if force { body["force"] = true }
            let answer = try await client.send("PUT", body: body, ifMatch: etag)
            print(server.json ? answer.text : ChannelClient.summary(answer.json))
        }
    }

    /// `livery rollout promote`.
    struct Promote: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "promote", abstract: "Make the running rollout the channel's active skin, for every client.")

        @OptionGroup var target: ChannelOption
        @OptionGroup var server: ServerOptions

        func run() async throws { try await RolloutCommand.end("promote", channel: target.channel, server: server) }
    }

    /// `livery rollout abort`.
    struct Abort: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "abort", abstract: "Drop the running rollout: every client gets the active skin again.")

        @OptionGroup var target: ChannelOption
        @OptionGroup var server: ServerOptions

        func run() async throws { try await RolloutCommand.end("abort", channel: target.channel, server: server) }
    }

    /// `POST /v1/channels/{channel}/promote` or `/abort`, and the channel's new state.
    static func end(_ action: String, channel: String, server: ServerOptions) async throws {
        let answer = try await ChannelClient(options: server, channel: channel).send("POST", "/\(action)", body: nil)
        print(server.json ? answer.text : ChannelClient.summary(answer.json))
    }
}
