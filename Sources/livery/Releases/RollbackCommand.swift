import ArgumentParser
import Foundation

/// `livery rollback [--to N]`: return a channel to an earlier state of its history.
struct RollbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Return a channel to its previous state, or to entry N of its history.",
        discussion: """
            The rollback is itself a new history entry, so it can be undone the same way. \
            `livery rollback --to 3` restores what entry 3 made (skin, version and rollout); see \
            the entries with `curl …/v1/channels/NAME` or `livery rollback --help`.
            """
    )

    @OptionGroup var target: ChannelOption

    @Option(help: ArgumentHelp("The history entry (from 1) to return to (default: the previous one).", valueName: "n"))
    var to: Int?

    @OptionGroup var server: ServerOptions

    func run() async throws {
        let body: [String: Any]? = to.map { ["to": $0] }
        let answer = try await ChannelClient(options: server, channel: target.channel).send("POST", "/rollback", body: body)
        print(server.json ? answer.text : ChannelClient.summary(answer.json))
    }
}
