import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `livery draft` against a real `livery serve` (docs/api.md, "Drafts" and "Preview links"): a
/// designer's round from the terminal — save, save again guarded by the tag, check, seed from a
/// version, a preview link a phone opens, publish, delete — and every refusal as the server's
/// problem with a non-zero exit.
@Suite struct DraftCommandTests {
    static func skin(tint: String) -> String { #"{"color": {"$type": "color", "tint": {"$value": "\#(tint)"}}}"# }

    /// A server, a designer token and a folder for the files; the server is stopped after `body`.
    static func withServer(_ body: (_ folder: URL, _ server: ServerProcess, _ token: String) async throws -> Void) async throws {
        try await CLI.inTemporaryDirectory { folder in
            let database = folder.appendingPathComponent("db.sqlite").path
            let server = try await ServerProcess(["--database", database], directory: folder)
            defer { server.stop() }
            let token = try await CLI.run(["token", "create", "--name", "ana", "--role", "designer", "--database", database]).lastLine
            try await body(folder, server, token)
        }
    }

    static func get(_ url: String, token: String? = nil) async throws -> (status: Int, body: String, type: String?) {
        var request = URLRequest(url: URL(string: url)!)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, String(decoding: data, as: UTF8.self), http?.value(forHTTPHeaderField: "Content-Type"))
    }

    @Test func aDesignersRoundFromTheTerminal() async throws {
        try await Self.withServer { folder, server, token in
            let auth = ["--server", server.url, "--token", token]
            func draft(_ arguments: [String]) async throws -> CLI.Result { try await CLI.run(["draft"] + arguments + auth) }
            let brand = folder.appendingPathComponent("brand.json")
            try Self.skin(tint: "#3366ff").write(to: brand, atomically: true, encoding: .utf8)

            #expect(try await draft(["list"]).stdout == "no drafts\n")
            let needsSkin = try await draft(["save", "spring", brand.path])
            #expect(needsSkin.status != 0 && needsSkin.stderr.contains("422 Draft needs a skin"), "\(needsSkin.stderr)")

            let made = try await draft(["save", "spring", brand.path, "--skin", "brand"])
            #expect(made.status == 0, "\(made.stderr)")
            #expect(made.stdout.hasPrefix(#"made draft spring revision 1 "d1" (skin brand, "#) && made.stdout.contains("\npublishable\n"))

            // A revision that does not validate is kept, saying what a publish would find.
            let broken = folder.appendingPathComponent("broken.json")
            try #"{"color": {"$type": "color", "tint": {"$value": "{color.missing}"}}}"#.write(to: broken, atomically: true, encoding: .utf8)
            let saved = try await draft(["save", "spring", broken.path, "--if-match", #""d1""#])
            #expect(saved.status == 0, "\(saved.stderr)")
            #expect(saved.stdout.contains(#"saved draft spring revision 2 "d2""#) && saved.stdout.contains("not publishable yet: 1 error"))
            #expect(saved.stdout.contains("color.tint"), "the error names its path: \(saved.stdout)")
            let stale = try await draft(["save", "spring", brand.path, "--if-match", "d1"])
            #expect(stale.status != 0 && stale.stderr.contains("412"), "a writer who saw revision 1 does not overwrite 2: \(stale.stderr)")
            let badTag = try await draft(["save", "spring", brand.path, "--if-match", "v1"])
            #expect(badTag.status != 0 && badTag.stderr.contains("--if-match"))

            let shown = try await draft(["show", "spring"])
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.hasPrefix(#"spring (skin brand), revision 2 "d2", "#))
            #expect(shown.stdout.contains("made by ana at ") && shown.stdout.contains("not publishable yet: 1 error"))
            let body = try await draft(["show", "spring", "--json"])
            #expect(try body.stdout == String(contentsOf: broken, encoding: .utf8) + "\n", "the revision exactly as saved")

            // Seeded from a published version, then shown on a phone, then published.
            #expect(try await CLI.run(["publish", brand.path, "--skin", "brand"] + auth).status == 0)
            let seeded = try await draft(["seed", "autumn", "--skin", "brand", "--from", "1"])
            #expect(seeded.status == 0 && seeded.stdout.hasPrefix(#"made draft autumn revision 1 "d1" (skin brand"#), "\(seeded.stderr)")
            let noVersion = try await draft(["seed", "winter", "--skin", "brand", "--from", "9"])
            #expect(noVersion.status != 0 && noVersion.stderr.contains("404"), "\(noVersion.stderr)")
            #expect(try await draft(["show", "winter"]).status != 0, "nothing was made")

            let link = try await draft(["preview-link", "autumn", "--expires-in", "3600"])
            #expect(link.status == 0, "\(link.stderr)")
            #expect(link.lastLine.wholeMatch(of: try Regex(#"http://127\.0\.0\.1:\d+/v1/previews/lvp_[A-Za-z0-9_-]{43}"#)) != nil, "\(link.stdout)")
            #expect(try await Self.get(link.lastLine + "/skin").body.contains("#3366ff"), "the phone reads the draft")
            let page = try await Self.get(link.lastLine)
            #expect(page.status == 200 && page.type == "text/html; charset=utf-8" && page.body.contains("draft <b>autumn</b>"))
            #expect(try await draft(["preview-link", "autumn", "--expires-in", "0"]).stderr.contains("422 Invalid expiry"))

            let stalePublish = try await draft(["publish", "autumn", "--if-match", "2"])
            #expect(stalePublish.status != 0 && stalePublish.stderr.contains("412"))
            let published = try await draft(["publish", "autumn", "--if-match", "1"])
            #expect(published.status == 0, "\(published.stderr)")
            #expect(published.stdout.hasPrefix("published brand version 2 from draft autumn revision 1\n"), "\(published.stdout)")
            let refused = try await draft(["publish", "spring"])
            #expect(refused.status != 0 && refused.stderr.contains("422") && refused.stderr.contains("color.tint"), "\(refused.stderr)")

            #expect(try await draft(["delete", "autumn", "--if-match", "d9"]).stderr.contains("412"))
            #expect(try await draft(["delete", "autumn"]).stdout == "deleted draft autumn\n")
            let gone = try await draft(["show", "autumn"])
            #expect(gone.status != 0 && gone.stderr.contains("404"))
            #expect(try await Self.get(link.lastLine + "/skin").status == 410)

            // The server and the token from the environment, as every client command takes them.
            let listed = try await CLI.run(["draft", "list"], environment: ["LIVERY_SERVER": server.url, "LIVERY_TOKEN": token])
            #expect(listed.stdout.hasPrefix(#"spring (skin brand), revision 2 "d2", "#), "\(listed.stdout) \(listed.stderr)")
            let anonymous = try await CLI.run(["draft", "list"], environment: ["LIVERY_SERVER": server.url])
            #expect(anonymous.status != 0 && anonymous.stderr.contains("401") && anonymous.stderr.contains("LIVERY_TOKEN"))
        }
    }

    /// A Tokens Studio export is a draft body as it is a publish body: one file as exported, or
    /// a folder packed exactly as `livery publish` packs it.
    @Test func tokensStudioExportsAndFoldersAreSavedAsPublishWouldSendThem() async throws {
        try await Self.withServer { folder, server, token in
            let auth = ["--server", server.url, "--token", token]
            let project = folder.appendingPathComponent("design-tokens")
            try TokenSetPackingTests.write(TokenSetPackingTests.tokensStudioFolder, in: project)
            let saved = try await CLI.run(["draft", "save", "figma", project.path, "--skin", "studio"] + auth)
            #expect(saved.status == 0 && saved.stdout.contains("\npublishable\n"), "\(saved.stdout) \(saved.stderr)")
            #expect(try await CLI.run(["publish", project.path, "--skin", "studio"] + auth).status == 0)
            let draftBody = try await Self.get("\(server.url)/v1/drafts/figma", token: token).body
            let versionBody = try await Self.get("\(server.url)/v1/skins/studio/versions/1", token: token).body
            #expect(draftBody == versionBody, "the folder is packed as publish packs it")
            let resolved = try await Self.get("\(server.url)/v1/drafts/figma/resolved?variant=dark", token: token)
            #expect(resolved.status == 200 && resolved.body.contains("#000000"), "\(resolved.body)")

            // The single-file export (sets as members, $themes, $metadata) as Tokens Studio writes it.
            let export = folder.appendingPathComponent("tokens.json")
            try ##"""
            {"core": {"palette": {"white": {"value": "#ffffff", "type": "color"}, "black": {"value": "#000000", "type": "color"}}},
             "mode/light": {"bg": {"value": "{palette.white}", "type": "color"}},
             "mode/dark": {"bg": {"value": "{palette.black}", "type": "color"}},
             "$themes": [{"name": "light", "group": "Mode", "selectedTokenSets": {"core": "source", "mode/light": "enabled"}},
                         {"name": "dark", "group": "Mode", "selectedTokenSets": {"core": "source", "mode/dark": "enabled"}}],
             "$metadata": {"tokenSetOrder": ["core", "mode/light", "mode/dark"]}}
            """##.write(to: export, atomically: true, encoding: .utf8)
            let single = try await CLI.run(["draft", "save", "export", export.path, "--skin", "studio"] + auth)
            #expect(single.status == 0 && single.stdout.contains("\npublishable\n"), "\(single.stdout) \(single.stderr)")
            #expect(try await Self.get("\(server.url)/v1/drafts/export", token: token).body == String(contentsOf: export, encoding: .utf8))
            let light = try await Self.get("\(server.url)/v1/drafts/export/resolved?variant=light", token: token)
            #expect(light.status == 200 && light.body.contains("#ffffff"), "\(light.body)")
        }
    }

    @Test func everySubcommandExplainsItself() async throws {
        for subcommand in ["list", "show", "save", "seed", "preview-link", "publish", "delete"] {
            let help = try await CLI.run(["draft", subcommand, "--help"])
            #expect(help.status == 0 && help.stdout.contains("--server") && help.stdout.contains("--token"), "\(subcommand)")
        }
        let help = try await CLI.run(["--help"])
        #expect(help.stdout.contains("draft"))
    }
}
