import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// The `livery` binary, run as a person or a script runs it: output, exit codes, `--json`.
/// `.offThePool`: some tests read raw sockets that block (the shutdown and open-file-limit tests).
@Suite(.serialized, .offThePool) struct LiveryCommandTests {
    static let skin = ##"{"color": {"$type": "color", "tint": {"$value": "#3366ff"}, "text": {"$value": "contrast({color.tint}, #000, #fff)"}}}"##
    static let broken = ##"{"color": {"$type": "color", "a": {"$value": "#zz"}, "b": {"$value": "{color.nope}"}}}"##

    @Test func tokenLifecycleAndMigrate() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            // `token` never creates a database (docs/operations.md, "Tokens"): `migrate` does.
            let missing = try await CLI.run(["token", "create", "--name", "ci", "--role", "designer", "--database", database])
            #expect(missing.status != 0)
            #expect(missing.stderr.contains("no database at \(database)"))
            #expect(try await CLI.run(["migrate", "--database", database]).status == 0)
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

    /// docs/skins.md, "What tool exports may contain": the 212 `spacing` tokens of a 1,500-token export are one line with a count, offline
    /// and from a server, the same kinds from both.
    @Test func largeExportWarningsReadOneLinePerKind() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("studio.json")
            try LargeExport.json.write(to: file, atomically: true, encoding: .utf8)
            let validated = try await CLI.run(["validate", file.path])
            #expect(validated.status == 0, "\(validated.stdout)")
            let expectedKinds = [
                "warning 212 × mapped-type (spacing → dimension): space.s1, space.s2, space.s3, space.s4, space.s5, … (+207 more)",
                "warning 100 × mapped-type (borderRadius → dimension): radius.r1, radius.r2, radius.r3, radius.r4, radius.r5, … (+95 more)",
                "warning 8 × mapped-type (letterSpacing → dimension): tracking.t1, tracking.t2, tracking.t3, tracking.t4, tracking.t5, … (+3 more)",
                "warning 320 × legacy-form (dimension as text): space.s1, space.s2, space.s3, space.s4, space.s5, … (+315 more)",
                "warning 8 × non-dtcg-unit (em): tracking.t1, tracking.t2, tracking.t3, tracking.t4, tracking.t5, … (+3 more)",
            ]
            #expect(validated.stdout.split(separator: "\n").filter { $0.hasPrefix("warning") }.map(String.init) == expectedKinds)
            #expect(validated.lastLine == "\(file.path): valid, 0 error(s), 648 warning(s) of 5 kinds")
            let json = try await CLI.run(["validate", "--json", file.path])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let spacing = try #require((object["warnings"] as? [[String: Any]])?.first)
            #expect((spacing["paths"] as? [String])?.count == 212 && spacing["count"] as? Int == 212)

            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database, "--log-level", "warning"], directory: folder)
            defer { server.stop() }
            let token = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database", database]).lastLine
            let published = try await CLI.run(["publish", file.path, "--skin", "studio", "--server", server.url, "--token", token])
            #expect(published.status == 0, "\(published.stderr)")
            #expect(published.stdout.split(separator: "\n").filter { $0.hasPrefix("warning") }.map(String.init) == expectedKinds)
        }
    }

    @Test func publishActivateAndBackupAgainstARunningServer() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database, "--log-level", "warning"], directory: folder)
            defer { server.stop() }
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
            #expect(try await server.terminate() == 0)
            #expect(try await CLI.run(["health", "--url", server.url, "--timeout", "1"]).status != 0)
        }
    }

    @Test func getAndWatchFollowAChannel() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database, "--log-level", "warning"], directory: folder)
            defer { server.stop() }
            let token = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database", database]).lastLine
            let get = try await CLI.run(["get", "--server", server.url])
            #expect(get.status == 0)
            #expect(get.stdout.hasPrefix("default: demo@1"))
            let json = try await CLI.run(["get", "--server", server.url, "--variant", "dark", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(document["variants"] as? [String] == ["dark"])
            #expect(try await CLI.run(["get", "--server", "http://127.0.0.1:9"]).stderr.contains("cannot reach"))

            let watcher = Task { try await CLI.run(["watch", "--server", server.url, "--count", "2"]) }
            // The watcher has printed the current skin and holds its long-poll (not a sleep and a hope).
            try await waitUntil("the watcher's long-poll is held") { try await Self.heldLongPolls(server) == 1 }
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
            defer { first.stop() }
            let second = try await ServerProcess(["--database", database, "--log-level", "warning"], directory: folder)
            defer { second.stop() }
            let token = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database", database]).lastLine
            let held = try await Self.holdLongPoll(first, "/v1/channels/default/skin", wait: 30)
            // Published over HTTP (not through `livery publish`), so that the clock starts at the
            // acknowledged write, not after a child process has also exited.
            var publish = URLRequest(url: try #require(URL(string: "\(second.url)/v1/skins/demo/versions")))
            publish.httpMethod = "POST"
            publish.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            publish.setValue("application/json", forHTTPHeaderField: "Content-Type")
            publish.httpBody = Data(Self.skin.utf8)
            let (_, acknowledged) = try await URLSession.shared.data(for: publish)
            let published = ContinuousClock.now
            #expect((acknowledged as? HTTPURLResponse)?.statusCode == 201)
            let answer = try await held.value
            let woken = answer.arrivedAt - published
            #expect(answer.status == 200, "the first process saw the second one's publish")
            let document = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect(document["version"] as? Int == 2)
            // docs/operations.md, "Shutdown, several processes, caches and balancers": another process's write wakes waiters within one second.
            #expect(woken < .seconds(1), "woken \(woken) after the acknowledged publish through the other process")
        }
    }

    @Test func sigtermAnswersHeldLongPollsFinishesInFlightRequestsAndExitsCleanly() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database], environment: ["LIVERY_SHUTDOWN_GRACE": "20"], directory: folder)
            let token = try await CLI.run(["token", "create", "--name", "designer", "--role", "designer", "--database", database]).lastLine
            // A publish whose body is only half sent when the signal arrives.
            let inFlight = try RawConnection(port: server.port)
            let body = Self.skin
            inFlight.send("POST /v1/skins/late/versions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + String(body.prefix(20)))
            let held = try await Self.holdLongPoll(server, "/v1/channels/default/skin", wait: 60)
            let started = Date()
            let exit = Task { try await server.terminate() }
            // The rest of the body is sent once the server is shutting down (its log says so).
            try await waitUntil("the server logs its shutdown") { server.output.contains("shutting down") }
            inFlight.send(String(body.dropFirst(20)))
            let answer = inFlight.readAll()
            #expect(answer.hasPrefix("HTTP/1.1 201"), "the in-flight publish finishes: \(answer.prefix(80))")
            #expect(answer.contains("Connection: close"))
            let status = try await exit.value
            #expect(status == 0)
            // Well under the 20 s grace: the in-flight publish and the held long-poll were answered
            // at once, so nothing made the shutdown wait out its grace (the margin is for a loaded machine).
            #expect(Date().timeIntervalSince(started) < 15)
            #expect(try await held.value.status == 304, "a held long-poll is answered 304 at shutdown")
            #expect(server.output.contains("shutting down"))
        }
    }

    @Test func aSecondServerOnAUsedPortExitsNamingIt() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let first = try await ServerProcess(["--database", folder.appendingPathComponent("a.sqlite").path], directory: folder)
            defer { first.stop() }
            let second = try await CLI.run(
                ["serve", "--host", "127.0.0.1", "--port", "\(first.port)", "--database", folder.appendingPathComponent("b.sqlite").path],
                directory: folder)
            #expect(second.status != 0)
            #expect(second.stderr.contains("port \(first.port) on 127.0.0.1 is already in use"), "\(second.stderr)")
            #expect(try await URLSession.shared.data(from: URL(string: "\(first.url)/healthz")!).1 is HTTPURLResponse)
        }
    }

    /// `http.eventBackend` (docs/operations.md): a value that is no backend stops the start naming the key;
    /// `poll` (what macOS runs) serves, and the log says which backend runs.
    @Test func theEventBackendIsCheckedAtStartAndLogged() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let bad = try await CLI.run(
                ["serve", "--host", "127.0.0.1", "--port", "0", "--database", "db.sqlite"],
                environment: ["LIVERY_EVENT_BACKEND": "kqueue"], directory: folder)
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("http.eventBackend (from LIVERY_EVENT_BACKEND) must be one of epoll, poll"), "\(bad.stderr)")
            let server = try await ServerProcess(["--database", "db.sqlite"], environment: ["LIVERY_EVENT_BACKEND": "poll"], directory: folder)
            defer { server.stop() }
            #expect(try await URLSession.shared.data(from: URL(string: "\(server.url)/healthz")!).1 is HTTPURLResponse)
            // The backend is in a log line, which the log queue may write after the stdout line.
            try await waitUntil("the server logs its event backend") { server.child.stdout.contains("http.eventBackend=") }
            #expect(server.child.stdout.contains("http.eventBackend=poll"), "\(server.child.stdout)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset"), "needs taskset (util-linux)"))
    func eventLoopsFollowTheAffinityMask() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let server = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/taskset"),
                ["-c", "0", CLI.binary.path, "serve", "--port", "0", "--host", "127.0.0.1",
                 "--database", folder.appendingPathComponent("db.sqlite").path],
                environment: CLI.environment(), directory: folder, mergeOutput: true)
            defer { server.kill() }
            // The count is in a log line, which the log queue may write after the stdout line.
            try await waitUntil("the server logs its event loops") { server.stdout.contains("http.eventLoops=") || !server.isRunning }
            let text = server.stdout
            #expect(text.contains("http.eventLoops=1"), "\(text)")
        }
    }

    /// Under `ulimit -n 128` with the default http.maxConnections: said at start, and past the
    /// limit a connection gets the prepared 503 and a close, not an accept loop failing. On both
    /// readiness backends, with two loops: one loop may free a descriptor that the other takes
    /// before the first has its reserve back; the level-triggered poll backend then used to report
    /// the waiting connection every turn and spin on EMFILE. Now the listener waits unwatched.
    @Test(arguments: ["epoll", "poll"])
    func atTheOpenFileLimitNewConnectionsGet503(backend: String) async throws {
        try await CLI.inTemporaryDirectory { folder in
            var environment = CLI.environment()
            environment["LIVERY_EVENT_BACKEND"] = backend
            environment["LIVERY_EVENT_LOOPS"] = "2"
            let server = try ChildProcess(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", "ulimit -n 128 && exec \"$0\" serve --host 127.0.0.1 --port 0 --database db.sqlite", CLI.binary.path],
                environment: environment, directory: folder, mergeOutput: true)
            defer { server.kill() }
            // The warning comes through the log queue, so it may follow the stdout line.
            try await waitUntil("the server is listening and has warned") {
                let text = server.stdout
                return (text.contains("listening on http://127.0.0.1:") && text.contains("open-file limit")) || !server.isRunning
            }
            let text = server.stdout
            #expect(text.contains("open-file limit too low for http.maxConnections"), "\(text)")
            let port = try #require(text.range(of: "listening on http://127.0.0.1:").map { Int(text[$0.upperBound...].prefix { $0.isNumber }) } ?? nil)
            // More connections than descriptors: the first ones are held, the later ones refused.
            // (On a loaded machine the listen backlog may fill before the server accepts, and a
            // connect then times out: such a connection was not let in either, so it is skipped.)
            var held: [RawConnection] = []
            for _ in 0..<160 { if let connection = try? RawConnection(port: port, timeout: 2) { held.append(connection) } }
            // Which connection first meets the limit depends on how many descriptors the server
            // holds at that moment, so look among the last ones (refused ones answer at once).
            let refused = held.reversed().prefix(40).lazy.map { $0.readAll() }.first { $0.hasPrefix("HTTP/1.1 503 ") }
            #expect(refused != nil, "no connection past the limit was answered 503")
            #expect(refused?.contains("Retry-After: 1") == true)
            // Held at the limit, with more connections waiting in the backlog, the server idles.
            var waiting: [RawConnection] = []
            for _ in 0..<20 { if let extra = try? RawConnection(port: port, timeout: 2) { waiting.append(extra) } }
            #if os(Linux)
            let spent = try await Self.cpuSeconds(of: server.pid, over: .seconds(1))
            #expect(spent < 0.5, "\(backend): the server used \(spent) s of CPU in 1 s while at the open-file limit")
            #endif
            waiting.removeAll()
            held.removeAll()
            // Once connections close, the server takes new ones again: as soon as its loop has
            // seen the closes (until then a new connection may still meet the limit and its 503).
            try await waitUntil("a new connection is served after the others closed") {
                // A connect may still time out in a full backlog: not yet, like a 503.
                guard let again = try? RawConnection(port: port) else { return false }
                again.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                return again.readAll().hasPrefix("HTTP/1.1 200 ")
            }
        }
    }

    #if os(Linux)
    /// CPU time (user + system) a process spends over `interval`, from `/proc/PID/stat`.
    static func cpuSeconds(of pid: pid_t, over interval: Duration) async throws -> Double {
        func ticks() throws -> Double {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            // Fields after the command name, which is in parentheses and may hold spaces.
            let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
            return (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        }
        let before = try ticks()
        try await Task.sleep(for: interval)
        return (try ticks() - before) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
    #endif

    @Test func configurationPrecedenceAndInvalidValues() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let config = folder.appendingPathComponent("livery.json")
            try ##"{"http": {"port": 1, "maxConnections": 5}, "database": {"path": "from-file.sqlite"}}"##.write(to: config, atomically: true, encoding: .utf8)
            // The file's port 1 would fail to bind; the flag's 0 wins. The env's database wins over the file's.
            let server = try await ServerProcess(["--config", config.path], environment: ["LIVERY_DATABASE": "from-env.sqlite"], directory: folder)
            #expect(server.port > 1)
            #expect(try await server.terminate() == 0)
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

    /// A held long-poll's answer, and the moment its last byte arrived: read on a thread of its
    /// own, so the moment is the socket's, not whenever the test's thread pool (shared by every
    /// suite in this process) got round to resuming the test.
    struct HeldAnswer: Sendable {
        var status: Int
        var body: Data
        var arrivedAt: ContinuousClock.Instant
    }

    /// Fetches `path` from `server`, then holds a long-poll on it with the tag just received
    /// (`Prefer: wait=N`, `Connection: close`), and returns once the server counts one more held
    /// long-poll. The task yields the eventual answer.
    static func holdLongPoll(_ server: ServerProcess, _ path: String, wait: Int) async throws -> Task<HeldAnswer, any Error> {
        let url = try #require(URL(string: server.url + path))
        let before = try await heldLongPolls(server)
        let (_, first) = try await URLSession.shared.data(from: url)
        let tag = try #require((first as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag"))
        let port = server.port
        let head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nIf-None-Match: \(tag)\r\nPrefer: wait=\(wait)\r\nConnection: close\r\n\r\n"
        let held = Task {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HeldAnswer, any Error>) in
                Thread.detachNewThread {
                    continuation.resume(with: Result {
                        let connection = try RawConnection(port: port, timeout: wait + 30)
                        connection.send(head)
                        let text = connection.readAll()
                        let arrivedAt = ContinuousClock.now
                        guard let split = text.range(of: "\r\n\r\n"),
                              let status = Int(text.split(separator: " ").dropFirst().first ?? "") else {
                            throw CLI.Failure(message: "no HTTP answer to the long-poll: \(text.prefix(200))")
                        }
                        return HeldAnswer(status: status, body: Data(text[split.upperBound...].utf8), arrivedAt: arrivedAt)
                    })
                }
            }
        }
        try await waitUntil("the server holds the long-poll") { try await heldLongPolls(server) == before + 1 }
        return held
    }

    /// `livery_waiting_long_polls` from the server's `/metrics`: the long-polls it holds now.
    static func heldLongPolls(_ server: ServerProcess) async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: server.url + "/metrics")))
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("livery_waiting_long_polls ") }
        return try #require(line.flatMap { Int($0.split(separator: " ").last ?? "") }, "no livery_waiting_long_polls in /metrics")
    }
}
