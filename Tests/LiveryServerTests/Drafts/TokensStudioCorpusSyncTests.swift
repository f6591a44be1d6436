import Foundation
import Testing

/// A real Tokens Studio project synced into a draft (docs/api.md, "Tokens Studio"): the
/// designsystemet export of `../shared/corpus/dtcg`, 22 sets and 17 themes, pushed as the plugin's
/// Generic Versioned Storage sends it (sets in `tokenSetOrder`, then `$themes`), pulled back
/// unchanged, and resolved as a draft with its themes as variant axes.
@Suite(.enabled(if: DesignsystemetProject.folder != nil, "../shared/corpus/dtcg/tokens-studio-designsystemet is absent"))
struct TokensStudioCorpusSyncTests {
    @Test func designsystemetRoundTripsKeepingSetOrderAndThemes() async throws {
        let folder = try #require(DesignsystemetProject.folder)
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("$metadata.json"))) as? [String: Any])
        let order = try #require(metadata["tokenSetOrder"] as? [String])
        let themes = try String(contentsOf: folder.appendingPathComponent("$themes.json"), encoding: .utf8)
        // The plugin's JSON.stringify: compact; each set's own bytes are kept as the export has them.
        var sets: [(name: String, json: String)] = []
        for name in order {
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".json"), encoding: .utf8)
            let compact = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(text.utf8)), options: [.withoutEscapingSlashes])
            sets.append((name, String(decoding: compact, as: UTF8.self)))
        }
        let compactThemes = String(decoding: try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: Data(themes.utf8)), options: [.withoutEscapingSlashes]), as: UTF8.self)
        let push = TokensStudioSyncTests.push(sets, themes: compactThemes, updatedAt: "2026-12-07T13:00:00.000Z")

        try await TestServer.run(seedDemo: false) { server in
            let designer = try await server.token(.designer)
            let url = "/v1/drafts/designsystemet/tokens-studio?skin=designsystemet"
            let pushed = try await TokensStudioSyncTests.send(server, "PUT", url, push, token: designer)
            #expect(pushed.status == 200)
            let pulled = try await TokensStudioSyncTests.send(server, "GET", url, token: designer)
            #expect(pulled.text == push, "the pull is the push, byte for byte")
            // Set order, read back: the position of each set's name in the pulled values.
            let positions = order.map { pulled.text.range(of: "\"\($0)\":{")?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil })
            #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "sets in tokenSetOrder")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(pulled.body)) as? [String: Any])
            #expect((document["$themes"] as? [Any])?.count == 17)

            let detail = try await server.request("GET", "/v1/drafts/designsystemet/resolved", headers: Release.auth(designer))
            #expect(detail.status == 200, "\(detail.text.prefix(300))")
            #expect(((detail.json["tokens"] as? [String: Any])?.count ?? 0) > 100)
        }
    }
}

/// `../shared/corpus/dtcg/tokens-studio-designsystemet/design-tokens`, or nil when absent.
enum DesignsystemetProject {
    static let folder: URL? = {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { directory.deleteLastPathComponent() }
        let folder = directory.deletingLastPathComponent().appendingPathComponent("shared/corpus/dtcg/tokens-studio-designsystemet/design-tokens")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }()
}
