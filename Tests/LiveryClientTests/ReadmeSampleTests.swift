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
                let applied = AppliedSkins()
                try await readmeSample(
                    serverURL: server.baseURL, cachesURL: folder.appendingPathComponent("caches"), bundledSkinURL: fallback,
                    applied: applied)
                #expect(applied.skins.map(\.source) == [.bundled, .fresh])
            }
        }
    }

    /// Records in `applied` the skins it applied.
    func readmeSample(serverURL: URL, cachesURL: URL, bundledSkinURL: URL, applied: AppliedSkins) async throws {
        func apply(_ skin: Skin) {
            applied.skins.append(skin)
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
        guard let skin = client.current else { return }
        let tint = try skin.color("color.tint")                  // SkinColor, components in 0…1
        let corner = try skin.dimension("size.corner")           // SkinDimension: 8 px
        let title = skin.style(for: "checkout/header/title")     // the best rule for this element
        let titleFont = try title?.typography("font")            // SkinTypography
        let halfway = skin.interpolated(to: skin, at: 0.5)       // animate between two looks
        // README: end

        #expect(tint.alpha == 1)
        #expect(corner.value == 8)
        #expect(titleFont?.fontSize.value == 28)
        #expect(halfway.source == .interpolated)
        try await storeSample(client: client)
    }

    /// The README's `LiveryStore` sample.
    @MainActor
    func storeSample(client: LiveryClient) async throws {
        // README store: begin
        let store = LiveryStore(client: client, policy: .immediately)  // or .atNextLaunch
        let following = Task { await store.run() }   // revalidate, then follow every publish
        let shown = store.skin                       // what views read; store.freshness: .fresh, .cached, .bundled
        store.pause()                                // background: no request in flight, none sent
        store.resume()                               // foreground: one revalidation, then long-polls again
        following.cancel()
        // README store: end
        await following.value
        #expect(shown?.source == .fresh)
        #expect(!client.isPaused)
    }

    /// The documentation's code blocks are these samples, word for word: the client sample in
    /// README.md, the store sample and the web one (the module of the page the browser tests
    /// load, /v1/client-demo.js) in docs/apps.md.
    @Test func theDocumentationShowsTheseSamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let apps = try String(contentsOf: root.appendingPathComponent("docs/apps.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let script = try String(contentsOf: root.appendingPathComponent("Sources/LiveryServer/Resources/client-demo.js"), encoding: .utf8)
        for (marker, file, markdown) in [("README", "README.md", readme), ("README store", "docs/apps.md", apps)] {
            let sample = try #require(Self.between("// \(marker): begin\n", "        // \(marker): end", in: source))
            let dedented = sample.split(separator: "\n", omittingEmptySubsequences: false).map { $0.dropFirst(8) }.joined(separator: "\n")
            #expect(Self.codeBlocks(markdown).contains { $0.hasSuffix(dedented) }, "\(file) has the \(marker) sample")
        }
        #expect(Self.codeBlocks(apps).contains(script), "docs/apps.md's web sample is the demo page's module, /v1/client-demo.js")
    }

    static func between(_ start: String, _ end: String, in text: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }

    /// The bodies of the fenced code blocks, each ending with a newline.
    static func codeBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let body = current { blocks.append(body.map { $0 + "\n" }.joined()) }
                current = current == nil ? [] : nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}

/// The skins the README sample applied, in order.
final class AppliedSkins {
    var skins: [Skin] = []
}
