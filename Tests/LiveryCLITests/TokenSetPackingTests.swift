import Foundation
import Testing

/// `livery validate` and `livery publish` on token sets (docs/skins.md, "Token sets"): a resolver document is sent
/// with the files it references (read relative to it), a folder is packed as a Tokens Studio
/// project. Offline through `validate`, which packs exactly as `publish` does.
@Suite struct TokenSetPackingTests {
    static func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A Tokens Studio project as the plugin's folder sync writes it: two modes over a core set.
    static let tokensStudioFolder = [
        "$metadata.json": ##"{"tokenSetOrder": ["core", "mode/light", "mode/dark"]}"##,
        "$themes.json": ##"""
        [{"name": "light", "group": "Mode", "selectedTokenSets": {"core": "source", "mode/light": "enabled"}},
         {"name": "dark", "group": "Mode", "selectedTokenSets": {"core": "source", "mode/dark": "enabled"}}]
        """##,
        "core.json": ##"{"palette": {"$type": "color", "white": {"$value": "#ffffff"}, "black": {"$value": "#000000"}}}"##,
        "mode/light.json": ##"{"bg": {"$type": "color", "$value": "{palette.white}"}}"##,
        "mode/dark.json": ##"{"bg": {"$type": "color", "$value": "{palette.black}"}}"##,
    ]

    @Test func aResolverDocumentIsPackedWithTheFilesItReferences() async throws {
        try await CLI.inTemporaryDirectory { folder in
            try Self.write([
                "system.resolver.json": ##"""
                {"version": "2025.10",
                 "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "tokens/themes/dark.json"}]}}},
                 "resolutionOrder": [{"type": "set", "name": "base", "sources": [{"$ref": "./tokens/base.json"}]}, {"$ref": "#/modifiers/theme"}]}
                """##,
                "tokens/base.json": ##"{"color": {"$type": "color", "ink": {"$value": "#333333"}}}"##,
                "tokens/themes/dark.json": ##"{"color": {"ink": {"$value": "#eeeeee"}}}"##,
            ], in: folder)
            let valid = try await CLI.run(["validate", folder.appendingPathComponent("system.resolver.json").path, "--json"])
            #expect(valid.status == 0, "\(valid.stdout) \(valid.stderr)")
            #expect(valid.stdout.contains(#""valid":true"#))

            try FileManager.default.removeItem(at: folder.appendingPathComponent("tokens/themes/dark.json"))
            let missing = try await CLI.run(["validate", folder.appendingPathComponent("system.resolver.json").path])
            #expect(missing.status != 0)
            #expect(missing.stderr.contains("dark.json"), "\(missing.stderr)")
        }
    }

    @Test func aTokensStudioFolderIsPackedIntoItsSingleFileForm() async throws {
        try await CLI.inTemporaryDirectory { folder in
            let project = folder.appendingPathComponent("design-tokens")
            try Self.write(Self.tokensStudioFolder, in: project)
            let valid = try await CLI.run(["validate", project.path, "--json"])
            #expect(valid.status == 0, "\(valid.stdout) \(valid.stderr)")
            #expect(valid.stdout.contains(#""warnings":[]"#), "every set is used: \(valid.stdout)")

            let plain = folder.appendingPathComponent("plain")
            try Self.write(["a.json": "{}"], in: plain)
            let refused = try await CLI.run(["validate", plain.path])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("not a Tokens Studio folder"), "\(refused.stderr)")
        }
    }
}
