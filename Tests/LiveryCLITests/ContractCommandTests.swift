import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `livery contract derive` and `push` against a real `livery serve`, then the gate they arm:
/// what an app team's release pipeline does (docs/apps.md, "Old builds in the field").
@Suite struct ContractCommandTests {
    static func skin(tint: String) -> String {
        #"""
        {"$livery": {"styles": {"title": {"component": "Label", "properties": {"textColor": "{color.\#(tint)}"}}},
                     "rules": [{"selector": "checkout/header/title", "style": "title"}, {"selector": "*/list/body", "style": "title"}]},
         "color": {"$type": "color", "\#(tint)": {"$value": "#3366ff"}}}
        """#
    }

    @Test func deriveThenPushThenABreakingActivationIsRefusedNamingBuildAndPath() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database], directory: folder)
            defer { server.stop() }
            let token = try await CLI.run(["token", "create", "--name", "pipeline", "--role", "designer", "--database", database]).lastLine
            let bundled = folder.appendingPathComponent("Fallback.json")
            try Self.skin(tint: "tint").write(to: bundled, atomically: true, encoding: .utf8)
            #expect(try await CLI.run(["publish", bundled.path, "--skin", "app", "--server", server.url, "--token", token]).status == 0)
            #expect(try await CLI.run(["activate", "--skin", "app", "--version", "1", "--server", server.url, "--token", token]).status == 0)

            let derived = try await CLI.run(["contract", "derive", bundled.path])
            #expect(derived.status == 0, "\(derived.stderr)")
            #expect(derived.stdout == #"{"images":[],"styles":["checkout/header/title"],"tokens":{"color.tint":"color"}}"# + "\n")
            let contract = folder.appendingPathComponent("contract.json")
            #expect(try await CLI.run(["contract", "derive", bundled.path, "--output", contract.path]).status == 0)

            let pushed = try await CLI.run([
                "contract", "push", "--platform", "ios", "--version", "3.2.1", contract.path, "--server", server.url, "--token", token,
            ])
            #expect(pushed.status == 0, "\(pushed.stderr)")
            #expect(pushed.stdout.contains("contract of ios/3.2.1 registered: 1 token, 1 style, 0 images"))
            let badBuild = try await CLI.run(["contract", "push", "--platform", "tv", "--version", "1.0.0", contract.path, "--server", server.url])
            #expect(badBuild.status != 0 && badBuild.stderr.contains("not a platform"))
            // The build launches: it is live on the channel.
            _ = try await URLSession.shared.data(from: URL(string: "\(server.url)/v1/channels/default/skin?client=ios/3.2.1")!)

            let renamed = folder.appendingPathComponent("renamed.json")
            try Self.skin(tint: "accent").write(to: renamed, atomically: true, encoding: .utf8)
            #expect(try await CLI.run(["publish", renamed.path, "--skin", "app", "--server", server.url, "--token", token]).status == 0)
            let refused = try await CLI.run(["activate", "--skin", "app", "--version", "2", "--server", server.url, "--token", token])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("409"), "\(refused.stderr)")
            #expect(refused.stderr.contains("color.tint") && refused.stderr.contains("ios/3.2.1"), "\(refused.stderr)")
        }
    }
}

/// `livery contract derive` of a file that is not a build's bundled skin.
@Suite struct ContractDeriveRefusalTests {
    @Test(arguments: [
        ("package.json", #"{"name": "shop-app", "version": "3.2.1", "dependencies": {"left-pad": "^1.3.0"}}"#),
        ("empty.json", "{}"),
        ("groups.json", #"{"color": {"$type": "color"}, "$livery": {"variants": {}}}"#),
        ("resolved.json", #"{"skin": "shop", "version": 1, "lineage": ["shop@1"], "variants": [], "tokens": {}, "styles": {}, "rules": [], "images": {}}"#),
    ])
    func aFileWithNoTokensIsRefusedNamingIt(name: String, contents: String) async throws {
        try await CLI.inTemporaryDirectory { folder in
            let file = folder.appendingPathComponent(name)
            try contents.write(to: file, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("contract.json")
            for arguments in [["contract", "derive", file.path], ["contract", "derive", file.path, "--output", output.path]] {
                let derived = try await CLI.run(arguments)
                #expect(derived.status != 0, "\(arguments): \(derived.stdout)")
                #expect(derived.stderr.contains(file.path) && derived.stderr.contains("no tokens"), "\(derived.stderr)")
                #expect(derived.stdout.isEmpty)
            }
            #expect(!FileManager.default.fileExists(atPath: output.path), "no contract is written")
        }
    }
}
