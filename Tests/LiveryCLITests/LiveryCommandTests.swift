import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The `livery` binary, run as a person or a script runs it: output, exit codes, `--json`.
@Suite(.serialized) struct LiveryCommandTests {
    static let skin = ##"{"color": {"$type": "color", "tint": {"$value": "#3366ff"}, "text": {"$value": "contrast({color.tint}, #000, #fff)"}}}"##
    static let broken = ##"{"color": {"$type": "color", "a": {"$value": "#zz"}, "b": {"$value": "{color.nope}"}}}"##

    @Test func tokenLifecycleAndMigrate() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let created = try await CLI.run(["token", "create", "--name", "ci", "--role", "designer", "--database", database])
            #expect(created.status == 0)
            #expect(created.lastLine.hasPrefix("lvy_"))
            #expect(!created.stdout.contains("created"), "only the token goes to stdout")

            let duplicate = try await CLI.run(["token", "create", "--name", "ci", "--role", "admin", "--database", database])
            #expect(duplicate.status != 0)
            #expect(duplicate.stderr.contains("already exists"))

            let list = try await CLI.run(["token", "list", "--json", "--database", database])
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            #expect(rows.map { $0["name"] as? String } == ["ci"])
            #expect(!list.stdout.contains(created.lastLine), "secrets are never listed")

            #expect(try await CLI.run(["token", "revoke", "--name", "ci", "--database", database]).status == 0)
            #expect(try await CLI.run(["token", "revoke", "--name", "nobody", "--database", database]).status != 0)
            #expect(try await CLI.run(["token", "create", "--name", "x", "--role", "god", "--database", database]).status != 0)

            let migrate = try await CLI.run(["migrate", "--database", database])
            #expect(migrate.status == 0)
            #expect(migrate.stdout.contains("up to date"))
            let fresh = try await CLI.run(["migrate", "--database", folder.appendingPathComponent("new.sqlite").path])
            #expect(fresh.stdout.contains("applied m0001_initial"))
        }
    }

    @Test func validateWorksOffline() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let good = folder.appendingPathComponent("good.json")
            let bad = folder.appendingPathComponent("bad.json")
            try Self.skin.write(to: good, atomically: true, encoding: .utf8)
            try Self.broken.write(to: bad, atomically: true, encoding: .utf8)
            #expect(try await CLI.run(["validate", good.path]).status == 0)
            let invalid = try await CLI.run(["validate", bad.path])
            #expect(invalid.status == 1)
            let errorLines = invalid.stdout.split(separator: "\n").filter { $0.hasPrefix("error ") }
            #expect(errorLines.count == 2)
            #expect(errorLines.contains { $0.contains("color.a") } && errorLines.contains { $0.contains("color.b") })
            let json = try await CLI.run(["validate", "--json", bad.path])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["valid"] as? Bool == false)

            let child = folder.appendingPathComponent("child.json")
            try ##"{"$livery": {"extends": "base"}, "color": {"tint": {"$value": "#ff0000"}}}"##.write(to: child, atomically: true, encoding: .utf8)
            #expect(try await CLI.run(["validate", child.path, "--ancestor", "base=\(good.path)"]).status == 0)
            #expect(try await CLI.run(["validate", folder.appendingPathComponent("missing.json").path]).status != 0)
        }
    }

    @Test func publishActivateAndBackupAgainstARunningServer() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database, "--log-level", "warning"], directory: folder)
            defer { _ = server.terminate() }
            let token = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database", database]).lastLine
            let file = folder.appendingPathComponent("summer.json")
            try Self.skin.write(to: file, atomically: true, encoding: .utf8)
            let bad = folder.appendingPathComponent("bad.json")
            try Self.broken.write(to: bad, atomically: true, encoding: .utf8)

            let published = try await CLI.run(["publish", file.path, "--skin", "summer", "--server", server.url, "--token", token])
            #expect(published.status == 0, "\(published.stderr)")
            #expect(published.stdout.contains("published summer version 1"))
            let again = try await CLI.run(["publish", file.path, "--skin", "summer", "--json"], environment: ["LIVERY_SERVER": server.url, "LIVERY_TOKEN": token])
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
            #expect(answer["version"] as? Int == 2)

            let rejected = try await CLI.run(["publish", bad.path, "--skin", "summer", "--server", server.url, "--token", token])
            #expect(rejected.status == 1)
            #expect(rejected.stderr.contains("422"))
            #expect(rejected.stderr.split(separator: "\n").filter { $0.hasPrefix("error color.") }.count == 2, "each error's path on its own line")
            let unauthorized = try await CLI.run(["publish", file.path, "--skin", "summer", "--server", server.url])
            #expect(unauthorized.status == 1)
            #expect(unauthorized.stderr.contains("401"))
            let down = try await CLI.run(["publish", file.path, "--skin", "summer", "--server", "http://127.0.0.1:9", "--token", token])
            #expect(down.status == 1)
            #expect(down.stderr.contains("cannot reach"))

            let activated = try await CLI.run(["activate", "--channel", "default", "--skin", "summer", "--version", "1", "--server", server.url, "--token", token])
            #expect(activated.status == 0, "\(activated.stderr)")
            let (data, _) = try await URLSession.shared.data(from: URL(string: "\(server.url)/v1/channels/default/skin")!)
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(document["skin"] as? String == "summer")
            #expect(document["version"] as? Int == 1)

            let backup = folder.appendingPathComponent("backup.sqlite").path
            #expect(try await CLI.run(["backup", backup, "--database", database]).status == 0)
            let listed = try await CLI.run(["token", "list", "--json", "--database", backup])
            #expect(listed.stdout.contains("designer"), "the backup holds the data")

            #expect(try await CLI.run(["health", "--url", server.url]).status == 0)
            #expect(server.terminate() == 0)
            #expect(try await CLI.run(["health", "--url", server.url, "--timeout", "1"]).status != 0)
        }
    }

    @Test func getAndWatchFollowAChannel() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database, "--log-level", "warning"], directory: folder)
            defer { _ = server.terminate() }
            let token = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database", database]).lastLine
            let get = try await CLI.run(["get", "--server", server.url])
            #expect(get.status == 0)
            #expect(get.stdout.hasPrefix("default: demo@1"))
            let json = try await CLI.run(["get", "--server", server.url, "--variant", "dark", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(document["variants"] as? [String] == ["dark"])
            #expect(try await CLI.run(["get", "--server", "http://127.0.0.1:9"]).stderr.contains("cannot reach"))

            let watcher = Task.detached { try await CLI.run(["watch", "--server", server.url, "--count", "2"]) }
            try await Task.sleep(for: .seconds(1))
            let file = folder.appendingPathComponent("next.json")
            try Self.skin.write(to: file, atomically: true, encoding: .utf8)
            #expect(try await CLI.run(["publish", file.path, "--skin", "demo", "--server", server.url, "--token", token]).status == 0)
            let watched = try await watcher.value
            #expect(watched.status == 0)
            let lines = watched.stdout.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.first?.hasPrefix("default: demo@1") == true)
            #expect(lines.last?.hasPrefix("default: demo@2") == true, "the publish is printed as it lands")
        }
    }

    @Test func twoServerProcessesOnOneDatabaseWakeEachOthersWaiters() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let first = try await ServerProcess(["--database", database, "--log-level", "warning"], directory: folder)
            defer { _ = first.terminate() }
            let second = try await ServerProcess(["--database", database, "--log-level", "warning"], directory: folder)
            defer { _ = second.terminate() }
            let token = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database", database]).lastLine
            let held = try await Self.holdLongPoll("\(first.url)/v1/channels/default/skin", wait: 30)
            let file = folder.appendingPathComponent("next.json")
            try Self.skin.write(to: file, atomically: true, encoding: .utf8)
            let published = Date()
            #expect(try await CLI.run(["publish", file.path, "--skin", "demo", "--server", second.url, "--token", token]).status == 0)
            let (data, answer) = try await held.value
            #expect((answer as? HTTPURLResponse)?.statusCode == 200, "the first process saw the second one's publish")
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(document["version"] as? Int == 2)
            #expect(Date().timeIntervalSince(published) < 2, "within a second of the publish, plus process start-up slack")
        }
    }

    @Test func sigtermAnswersHeldLongPollsFinishesInFlightRequestsAndExitsCleanly() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database], environment: ["LIVERY_SHUTDOWN_GRACE": "5"], directory: folder)
            let token = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database", database]).lastLine
            // A publish whose body is only half sent when the signal arrives.
            let inFlight = try RawConnection(port: server.port)
            let body = Self.skin
            inFlight.send("POST /v1/skins/late/versions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + String(body.prefix(20)))
            let held = try await Self.holdLongPoll("\(server.url)/v1/channels/default/skin", wait: 60)
            let started = Date()
            let exit = Task.detached { server.terminate() }
            try await Task.sleep(for: .milliseconds(300))
            inFlight.send(String(body.dropFirst(20)))
            let answer = inFlight.readAll()
            #expect(answer.hasPrefix("HTTP/1.1 201"), "the in-flight publish finishes: \(answer.prefix(80))")
            #expect(answer.contains("Connection: close"))
            let status = await exit.value
            #expect(status == 0)
            #expect(Date().timeIntervalSince(started) < 5)
            let (_, response) = try await held.value
            #expect((response as? HTTPURLResponse)?.statusCode == 304, "a held long-poll is answered 304 at shutdown")
            #expect(server.output.contains("shutting down"))
        }
    }

    @Test func aSecondServerOnAUsedPortExitsNamingIt() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let first = try await ServerProcess(["--database", folder.appendingPathComponent("a.sqlite").path], directory: folder)
            defer { _ = first.terminate() }
            let second = try await CLI.run(
                ["serve", "--host", "127.0.0.1", "--port", "\(first.port)", "--database", folder.appendingPathComponent("b.sqlite").path],
                directory: folder)
            #expect(second.status != 0)
            #expect(second.stderr.contains("port \(first.port) on 127.0.0.1 is already in use"), "\(second.stderr)")
            #expect(try await URLSession.shared.data(from: URL(string: "\(first.url)/healthz")!).1 is HTTPURLResponse)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset"), "needs taskset (util-linux)"))
    func eventLoopsFollowTheAffinityMask() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
            process.arguments = ["-c", "0", CLI.binary.path, "serve", "--port", "0", "--host", "127.0.0.1",
                                 "--database", folder.appendingPathComponent("db.sqlite").path]
            process.currentDirectoryURL = folder
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            defer { process.terminate() }
            var text = ""
            let deadline = Date().addingTimeInterval(30)
            // The count is in a log line, which the log queue may write after the stdout line.
            while !text.contains("http.eventLoops=") && Date() < deadline && process.isRunning {
                let data = out.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            #expect(text.contains("http.eventLoops=1"), "\(text)")
        }
    }

    /// Under `ulimit -n 128` with the default http.maxConnections: said at start, and past the
    /// limit a connection gets the prepared 503 and a close, not an accept loop failing.
    @Test func atTheOpenFileLimitNewConnectionsGet503() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n 128 && exec \"$0\" serve --host 127.0.0.1 --port 0 --database db.sqlite",
                                 CLI.binary.path]
            process.currentDirectoryURL = folder
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            defer { process.terminate() }
            var text = ""
            let deadline = Date().addingTimeInterval(30)
            // The warning comes through the log queue, so it may follow the stdout line.
            while !(text.contains("listening on http://127.0.0.1:") && text.contains("open-file limit"))
                && Date() < deadline && process.isRunning {
                let data = out.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            #expect(text.contains("open-file limit too low for http.maxConnections"), "\(text)")
            let port = try #require(text.range(of: "listening on http://127.0.0.1:").map { Int(text[$0.upperBound...].prefix { $0.isNumber }) } ?? nil)
            // More connections than descriptors: the first ones are held, the later ones refused.
            var held: [RawConnection] = []
            for _ in 0..<160 { held.append(try RawConnection(port: port, timeout: 2)) }
            // Which connection first meets the limit depends on how many descriptors the server
            // holds at that moment, so look among the last ones (refused ones answer at once).
            let refused = held.reversed().prefix(40).lazy.map { $0.readAll() }.first { $0.hasPrefix("HTTP/1.1 503 ") }
            #expect(refused != nil, "no connection past the limit was answered 503")
            #expect(refused?.contains("Retry-After: 1") == true)
            held.removeAll()
            // Once connections close, the server takes new ones again.
            let again = try RawConnection(port: port)
            again.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(again.readAll().hasPrefix("HTTP/1.1 200 "))
        }
    }

    @Test func configurationPrecedenceAndInvalidValues() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let config = folder.appendingPathComponent("livery.json")
            try ##"{"http": {"port": 1, "maxConnections": 5}, "database": {"path": "from-file.sqlite"}}"##.write(to: config, atomically: true, encoding: .utf8)
            // The file's port 1 would fail to bind; the flag's 0 wins. The env's database wins over the file's.
            let server = try await ServerProcess(["--config", config.path], environment: ["LIVERY_DATABASE": "from-env.sqlite"], directory: folder)
            #expect(server.port > 1)
            #expect(server.terminate() == 0)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("from-env.sqlite").path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("from-file.sqlite").path))

            let badEnv = try await CLI.run(["serve", "--database", "x.sqlite"], environment: ["LIVERY_PORT": "eighty"], directory: folder)
            #expect(badEnv.status != 0)
            #expect(badEnv.stderr.contains("http.port"))
            #expect(badEnv.stderr.contains("LIVERY_PORT"))

            try ##"{"http": {"prot": 8080}}"##.write(to: config, atomically: true, encoding: .utf8)
            let typo = try await CLI.run(["serve", "--config", config.path], directory: folder)
            #expect(typo.status != 0)
            #expect(typo.stderr.contains("http.prot"))
            #expect(try await CLI.run(["serve", "--port", "70000", "--database", "y.sqlite"], directory: folder).stderr.contains("http.port"))
        }
    }

    @Test func everySubcommandHasHelp() async throws {
        for command in ["serve", "migrate", "token", "backup", "publish", "activate", "get", "watch", "validate", "health"] {
            let help = try await CLI.run([command, "--help"])
            #expect(help.status == 0, "\(command) --help")
            #expect(help.stdout.contains("USAGE"), "\(command) --help")
        }
    }

    /// Fetches `url`, then holds a long-poll on it with the tag just received (`Prefer: wait=N`),
    /// giving the server half a second to register it. The task yields the eventual answer.
    static func holdLongPoll(_ url: String, wait: Int) async throws -> Task<(Data, URLResponse), any Error> {
        let url = try #require(URL(string: url))
        let (_, first) = try await URLSession.shared.data(from: url)
        let tag = try #require((first as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag"))
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.setValue(tag, forHTTPHeaderField: "If-None-Match")
        request.setValue("wait=\(wait)", forHTTPHeaderField: "Prefer")
        let held = Task { try await URLSession.shared.data(for: request) }
        try await Task.sleep(for: .milliseconds(500))
        return held
    }
}
