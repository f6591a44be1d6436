import ArgumentParser
import Foundation

/// `livery schedule add|list|cancel`: future channel changes.
struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Schedule a channel change for later, list schedules, or cancel one.",
        discussion: """
            A schedule is carried out once at its time, within a second, by one of the servers \
            sharing the database; one missed while no server ran is carried out at the next start \
            and marked late.
            """,
        subcommands: [Add.self, List.self, Cancel.self],
        defaultSubcommand: List.self
    )

    /// `livery schedule add --at T --skin S …`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Schedule a change: the active skin and, optionally, a rollout.")

        @OptionGroup var target: ChannelOption

        @Option(help: ArgumentHelp("When, as RFC 3339 (2026-12-01T00:00:00Z).", valueName: "time"))
        var at: String

        @Option(help: "The skin the channel shows from then on.")
        var skin: String

        @Option(help: ArgumentHelp("Pin this version (default: follow the latest).", valueName: "n"))
        var version: Int?

        @Option(name: .customLong("rollout-skin"), help: "Also run a rollout of this skin from then on.")
        var rolloutSkin: String?

        @Option(name: .customLong("rollout-version"), help: ArgumentHelp("Pin the rollout skin's version.", valueName: "n"))
        var rolloutVersion: Int?

        @Option(help: ArgumentHelp("The rollout's percentage (0-100), with --rollout-skin.", valueName: "p"))
        var percent: Int?

        @Flag(help: "Go past failing contrast checks (admin tokens only; recorded in the audit log).")
        var force = false

        @OptionGroup var server: ServerOptions

        func validate() throws {
            guard (rolloutSkin == nil) == (percent == nil) else { throw ValidationError("--rollout-skin and --percent go together.") }
            if let percent, !(0...100).contains(percent) { throw ValidationError("--percent must be from 0 to 100.") }
        }

        func run() async throws {
            var body: [String: Any] = ["at": at, "skin": skin, "version": ChannelClient.version(version)]
            if let rolloutSkin, let percent {
                body["rollout"] = ["skin": rolloutSkin, "version": ChannelClient.version(rolloutVersion), "percent": percent]
            }
            if force { body["force"] = true }
            let answer = try await ChannelClient(options: server, channel: target.channel).send("POST", "/schedules", body: body, expect: [201])
            print(server.json ? answer.text : "scheduled \(ScheduleCommand.line(answer.json))")
        }
    }

    /// `livery schedule list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a channel's schedules, soonest first.")

        @OptionGroup var target: ChannelOption

        @OptionGroup var server: ServerOptions

        func run() async throws {
            let client = ChannelClient(options: server, channel: target.channel)
            let answer = try await APIRequest(options: server).send("GET", client.path("/schedules"))
            try APIRequest.check(answer, expect: [200])
            if server.json { return print(answer.text) }
            let schedules = answer.json["schedules"] as? [[String: Any]] ?? []
            if schedules.isEmpty { print("no schedules for \(target.channel)") }
            for schedule in schedules { print(ScheduleCommand.line(schedule)) }
        }
    }

    /// `livery schedule cancel ID`.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a pending schedule.")

        @OptionGroup var target: ChannelOption

        @Argument(help: "The schedule's id (see `livery schedule list`).")
        var id: Int

        @OptionGroup var server: ServerOptions

        func run() async throws {
            let answer = try await ChannelClient(options: server, channel: target.channel).send("DELETE", "/schedules/\(id)", body: nil)
            print(server.json ? answer.text : "cancelled \(ScheduleCommand.line(answer.json))")
        }
    }

    /// `#4 2026-12-01T00:00:00.000Z default → summer@7, rollout autumn (latest) 10% [pending]`.
    static func line(_ schedule: [String: Any]) -> String {
        var text = "#\(schedule["id"] as? Int ?? 0) \(schedule["at"] as? String ?? "?") \(schedule["channel"] as? String ?? "?") → "
            + ChannelClient.target(schedule["skin"], schedule["version"])
        if let rollout = schedule["rollout"] as? [String: Any] {
            text += ", rollout \(ChannelClient.target(rollout["skin"], rollout["version"])) \(rollout["percent"] as? Int ?? 0)%"
        }
        text += " [\(schedule["state"] as? String ?? "?")\(schedule["late"] as? Bool == true ? ", late" : "")]"
        return text
    }
}
