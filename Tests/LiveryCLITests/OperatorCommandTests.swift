import Foundation
import Testing

/// What an operator meets first (docs/operations.md): `token` and `backup` never create a
/// database and say which one they used, `health` follows `LIVERY_SERVER` like every client
/// command, `--version`, and `publish` never reads a file outside a resolver's folder.
@Suite struct OperatorCommandTests {
    @Test func tokenAndBackupNeverCreateADatabase() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let expected = folder.appendingPathComponent("data/livery.sqlite").standardizedFileURL.path
            for arguments in [["token", "create", "--name", "me", "--role", "designer"], ["token", "list"], ["backup", "copy.sqlite"]] {
                let run = try await CLI.run(arguments, directory: folder)
                #expect(run.status != 0, "\(arguments)")
                #expect(run.stderr.contains("no database at \(expected)"), "\(arguments): \(run.stderr)")
                #expect(!run.stdout.contains("lvy_"), "no token printed")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("data").path), "nothing created")

            let elsewhere = folder.appendingPathComponent("other.sqlite").path
            let named = try await CLI.run(["token", "create", "--name", "me", "--role", "designer", "--database", elsewhere])
            #expect(named.status != 0)
            #expect(named.stderr.contains(elsewhere))
            #expect(!FileManager.default.fileExists(atPath: elsewhere))

            #expect(try await CLI.run(["migrate"], directory: folder).status == 0, "migrate creates one")
            let created = try await CLI.run(["token", "create", "--name", "me", "--role", "designer"], directory: folder)
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.lastLine.hasPrefix("lvy_"))
            #expect(created.stderr.contains("database: sqlite:\(expected)"), "names the database used: \(created.stderr)")
            let backup = try await CLI.run(["backup", "copy.sqlite"], directory: folder)
            #expect(backup.status == 0, "\(backup.stderr)")
            #expect(backup.stderr.contains("database: sqlite:\(expected)"))
        }
    }

    @Test func healthFollowsLiverySERVERLikeEveryClientCommand() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let server = try await ServerProcess(["--database", folder.appendingPathComponent("db.sqlite").path], directory: folder)
            defer { server.stop() }
            // LIVERY_PORT points elsewhere: only LIVERY_SERVER can find this server.
            let byEnvironment = try await CLI.run(["health"], environment: ["LIVERY_SERVER": server.url, "LIVERY_PORT": "1"])
            #expect(byEnvironment.status == 0, "\(byEnvironment.stderr)")
            #expect(byEnvironment.stdout.contains("ok"))
            #expect(try await CLI.run(["health", "--server", server.url], environment: ["LIVERY_SERVER": "http://127.0.0.1:1"]).status == 0)
            let wrong = try await CLI.run(["health"], environment: ["LIVERY_SERVER": "http://127.0.0.1:1"])
            #expect(wrong.status != 0)
            #expect(wrong.stderr.contains("127.0.0.1:1"))
        }
    }

    @Test func versionMatchesTheAPIDocument() async throws {
        let run = try await CLI.run(["--version"])
        #expect(run.status == 0)
        let openAPI = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/LiveryServer/Resources/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: openAPI)) as? [String: Any])
        let version = try #require((document["info"] as? [String: Any])?["version"] as? String)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == version)
    }

    @Test func publishNeverReadsFilesOutsideTheResolversFolder() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let project = folder.appendingPathComponent("project/sets")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try ##"{"color": {"$type": "color", "ink": {"$value": "#333333"}}}"##.write(
                to: project.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
            try ##"{"secret": {"$type": "color", "key": {"$value": "#000000"}}}"##.write(
                to: folder.appendingPathComponent("secret.json"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                at: project.appendingPathComponent("linked.json"), withDestinationURL: folder.appendingPathComponent("secret.json"))
            func resolver(_ reference: String) throws -> String {
                let file = project.appendingPathComponent("x.resolver.json")
                try """
                {"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "base",
                 "sources": [{"$ref": "base.json"}, {"$ref": "\(reference)"}]}]}
                """.write(to: file, atomically: true, encoding: .utf8)
                return file.path
            }
            // Port 1: nothing listens, so a refusal that names the path was made before any upload.
            let server = ["--server", "http://127.0.0.1:1"]
            for reference in ["../../secret.json", "\(folder.path)/secret.json", "linked.json"] {
                let path = try resolver(reference)
                let published = try await CLI.run(["publish", path, "--skin", "s"] + server, environment: ["LIVERY_TOKEN": "lvy_x"])
                #expect(published.status != 0)
                #expect(published.stderr.contains("outside its folder"), "\(reference): \(published.stderr)")
                let validated = try await CLI.run(["validate", path])
                #expect(validated.status != 0)
                #expect(validated.stderr.contains("outside its folder"), "\(reference): \(validated.stderr)")
            }
            try FileManager.default.createDirectory(at: project.appendingPathComponent("more"), withIntermediateDirectories: true)
            try ##"{"color": {"$type": "color", "wash": {"$value": "#eeeeee"}}}"##.write(
                to: project.appendingPathComponent("more/extra.json"), atomically: true, encoding: .utf8)
            let inside = try await CLI.run(["validate", try resolver("./more/../more/extra.json")])
            #expect(inside.status == 0, "\(inside.stdout) \(inside.stderr)")
        }
    }
}
