import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// `livery rollout`, `schedule`, `rollback` and `activate --force` against real `livery serve`
/// processes (docs/api.md, "Rollouts, schedules and rollback"), including two servers sharing one database.
@Suite(.serialized) struct ReleaseCommandTests {
    static let skin = ##"{"color": {"$type": "color", "tint": {"$value": "#ffaa00"}}}"##

    /// The skin a channel serves to `bucket`, read over HTTP.
    static func skin(at url: String, bucket: Int? = nil) async throws -> String? {
        let query = bucket.map { "?bucket=\($0)" } ?? ""
        let (data, _) = try await URLSession.shared.data(from: URL(string: "\(url)/v1/channels/default/skin\(query)")!)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["skin"] as? String
    }

    @Test func twoServerProcessesCarryOutOneScheduleExactlyOnce() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let first = try await ServerProcess(["--database", database, "--log-level", "info"], directory: folder)
            defer { first.stop() }
            let second = try await ServerProcess(["--database", database, "--log-level", "info"], directory: folder)
            defer { second.stop() }
            let token = try await CLI.run(["token", "create", "--name", "planner", "--role", "designer", "--database", database]).lastLine
            let file = folder.appendingPathComponent("summer.json")
            try Self.skin.write(to: file, atomically: true, encoding: .utf8)
            #expect(try await CLI.run(["publish", file.path, "--skin", "summer", "--server", first.url, "--token", token]).status == 0)

            // Far enough ahead that `schedule add` (a child process, and a time rounded down to the
            // second) reaches the server before it on a loaded machine: a past time is refused.
            let at = Date().addingTimeInterval(8)
            let scheduled = try await CLI.run([
                "schedule", "add", "--at", ISO8601DateFormatter().string(from: at), "--skin", "summer", "--version", "1",
                "--server", second.url, "--token", token, "--json",
            ])
            #expect(scheduled.status == 0, "\(scheduled.stderr)")
            let id = try #require((try JSONSerialization.jsonObject(with: Data(scheduled.stdout.utf8)) as? [String: Any])?["id"] as? Int)

            try await waitUntil("both processes serve the scheduled skin", timeout: .seconds(40)) {
                let firstServes = try await Self.skin(at: first.url), secondServes = try await Self.skin(at: second.url)
                return firstServes == "summer" && secondServes == "summer"
            }
            let listed = try await CLI.run(["schedule", "list", "--server", first.url, "--token", token, "--json"])
            let schedules = (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])?["schedules"] as? [[String: Any]]
            let schedule = try #require(schedules?.first { $0["id"] as? Int == id })
            #expect(schedule["state"] as? String == "done")
            let (data, _) = try await URLSession.shared.data(for: {
                var request = URLRequest(url: URL(string: "\(first.url)/v1/channels/default")!)
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                return request
            }())
            let history = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["history"] as? [[String: Any]] ?? []
            #expect(history.filter { $0["schedule"] as? Int == id }.count == 1, "one activation for one schedule")
            let carriedOut = [first.output, second.output].map { $0.components(separatedBy: "schedule carried out").count - 1 }
            #expect(carriedOut.reduce(0, +) == 1, "exactly one process carried it out: \(carriedOut)")
        }
    }

    @Test func rolloutScheduleAndRollbackFromTheCommandLine() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database, "--log-level", "warning"], directory: folder)
            defer { server.stop() }
            let token = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database", database]).lastLine
            let options = ["--server", server.url, "--token", token]
            let file = folder.appendingPathComponent("summer.json")
            try Self.skin.write(to: file, atomically: true, encoding: .utf8)
            #expect(try await CLI.run(["publish", file.path, "--skin", "summer"] + options).status == 0)

            for command in [["rollout", "set"], ["rollout", "promote"], ["rollout", "abort"], ["schedule", "add"], ["schedule", "list"],
                            ["schedule", "cancel"], ["rollback"], ["activate"]] {
                let help = try await CLI.run(command + ["--help"])
                #expect(help.status == 0 && help.stdout.contains("--json"), "\(command) --help")
            }
            #expect(try await CLI.run(["rollout", "--help"]).stdout.contains("promote"), "the group lists its subcommands")
            let started = try await CLI.run(["rollout", "--skin", "summer", "--version", "1", "--percent", "10"] + options)
            #expect(started.status == 0, "\(started.stderr)")
            #expect(started.stdout.contains("default: demo (latest), rollout summer@1 to 10%"))
            #expect(try await Self.skin(at: server.url, bucket: 9) == "summer")
            #expect(try await Self.skin(at: server.url, bucket: 10) == "demo")
            let moved = try await CLI.run(["rollout", "--percent", "50", "--json"] + options)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [String: Any])
            #expect((json["rollout"] as? [String: Any])?["percent"] as? Int == 50)
            #expect((json["rollout"] as? [String: Any])?["version"] as? Int == 1, "moving keeps the rollout's version")
            #expect(try await CLI.run(["rollout", "promote"] + options).stdout.contains("default: summer@1 (a4)"))
            #expect(try await CLI.run(["rollout", "abort"] + options).stderr.contains("409"))
            #expect(try await CLI.run(["rollback"] + options).stdout.contains("rollout summer@1 to 50%"))
            // Entry 1 followed demo's latest; the rollback restores the version it served then.
            #expect(try await CLI.run(["rollback", "--to", "1"] + options).stdout.contains("default: demo@1"))
            let forced = try await CLI.run(["activate", "--skin", "summer", "--force"] + options)
            #expect(forced.status == 1 && forced.stderr.contains("403"), "only an admin may force")

            let added = try await CLI.run(["schedule", "add", "--at", "2099-01-01T00:00:00Z", "--skin", "summer"] + options)
            #expect(added.stdout.hasPrefix("scheduled #1 2099-01-01T00:00:00.000Z default → summer (latest) [pending]"), "\(added.stdout)\(added.stderr)")
            #expect(try await CLI.run(["schedule", "list"] + options).stdout.contains("#1 2099-01-01"))
            #expect(try await CLI.run(["schedule", "cancel", "1"] + options).stdout.contains("[cancelled]"))
        }
    }
}
