import Foundation
import Testing
import LiveryClient

/// The README's usage sample, kept compiling and run against a real server. `readmeSample`'s
/// body is the README text (only its inputs are parameters here).
@Suite struct ReadmeSampleTests {
    @Test func theReadmeSampleWorks() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let fallback = folder.appendingPathComponent("skin.json")
                try Data(Fixtures.document(version: 1)).write(to: fallback)
                let applied = try await readmeSample(
                    serverURL: server.baseURL, cachesURL: folder.appendingPathComponent("caches"), bundledSkinURL: fallback)
                #expect(applied.map(\.source) == [.bundled, .fresh])
            }
        }
    }

    /// Returns the skins it applied.
    func readmeSample(serverURL: URL, cachesURL: URL, bundledSkinURL: URL) async throws -> [Skin] {
        var applied: [Skin] = []
        func apply(_ skin: Skin) {
            applied.append(skin)
        }

        // README: begin
        let client = try LiveryClient(configuration: LiveryClientConfiguration(
            baseURL: serverURL,                  // e.g. https://skins.example.com
            variants: ["dark"],                  // the app's appearance
            cacheDirectory: cachesURL,           // the last good skin is kept here
            fallback: .file(bundledSkinURL)))    // shipped with the app, for a first launch offline

        // At launch, before any network: the last good skin (.cached) or the bundled one (.bundled).
        if let skin = client.current { apply(skin) }

        // Revalidate (a 304 costs no body), then follow every publish:
        //     for await skin in client.updates() { apply(skin) }
        if let skin = try? await client.fetch() { apply(skin) }

        // Typed values by token path; styles matched offline with the server's ranking.
        let skin = try #require(client.current)
        let tint = try skin.color("color.tint")                  // RGBAColor, components in 0…1
        let corner = try skin.dimension("size.corner")           // 8 px
        let title = skin.style(for: "checkout/header/title")     // the best rule for this element
        let titleFont = try title?.typography("font")
        let halfway = skin.interpolated(to: skin, at: 0.5)       // animate between two looks
        // README: end

        #expect(tint.alpha == 1)
        #expect(corner.value == 8)
        #expect(titleFont?.fontSize.value == 28)
        #expect(halfway.source == .interpolated)
        return applied
    }
}
