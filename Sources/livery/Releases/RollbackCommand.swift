import ArgumentParser
import Foundation

/// `livery rollback [--to N]`: return a channel to an earlier state of its history.
struct RollbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Return a channel to its previous state, or to entry N of its history.",
        discussion: """
            The rollback is itself a new history entry, so it can be undone the same way. \
            `livery rollback --to 3` restores the look entry 3 served (skin and version, a followed \
            latest pinned to the version it served then, and rollout); it passes the release gate \
            like any change (--force, admins only). See the entries with `curl …/v1/channels/NAME`.
            """
    )

    @OptionGroup var target: ChannelOption

    @Option(help: ArgumentHelp("The history entry (from 1) to return to (default: the previous one).", valueName: "n"))
    var to: Int?

    @Flag(help: "Go past the release gate's findings (admin tokens only; audited).")
    var force = false

    @OptionGroup var server: ServerOptions

    func run() async throws {
        var body: [String: Any] = [:]
        if let to { body["to"] = to }
        if force { body["force"] = true }
        let answer = try await ChannelClient(options: server, channel: target.channel).send("POST", "/rollback", body: body)
        print(server.json ? answer.text : ChannelClient.summary(answer.json))
    }
}
