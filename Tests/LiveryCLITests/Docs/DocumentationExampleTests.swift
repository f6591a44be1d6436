import Foundation
import Testing

/// Every fenced code block of README.md and docs/*.md is checked (see `DocCheck` for the
/// `<!-- check: … -->` comments): JSON skins validated and, where the text states a result,
/// published and resolved; shell and console blocks run against a live server; Swift samples
/// type-checked against the built modules; JavaScript run with Node. A documented example
/// that stops being true fails here.
@Suite(.serialized) struct DocumentationExampleTests {
    @Test func everyDocumentedExampleIsTrue() async throws {
        var total: [DocSession.Outcome: Int] = [:]
        var blockCount = 0
        for file in Documentation.files {
            let blocks = try Documentation.blocks(of: file)
            blockCount += blocks.count
            let counts = try await Self.check(blocks, of: file)
            total.merge(counts, uniquingKeysWith: +)
            #expect(counts.values.reduce(0, +) >= blocks.count, "\(file): every block is checked")
        }
        print("doc examples: \(blockCount) blocks in \(Documentation.files.count) files, \(Self.summary(total))")
    }

    /// One file's blocks in order, in one session; each failure recorded with its block's place.
    static func check(_ blocks: [DocBlock], of file: String) async throws -> [DocSession.Outcome: Int] {
        try await CLI.inTemporaryDirectory { folder in
            let session = try await DocSession(folder: folder)
            defer { session.stop() }
            var counts: [DocSession.Outcome: Int] = [:]
            for block in blocks {
                do {
                    for outcome in try await session.check(block) { counts[outcome, default: 0] += 1 }
                } catch {
                    Issue.record("\(block): \(error)\n(How examples are checked, and the <!-- check: … --> comments that say what to expect or why a block cannot run: Tests/LiveryCLITests/Docs/DocCheck.swift)")
                }
            }
            print("doc examples: \(file): \(blocks.count) blocks, \(summary(counts))")
            return counts
        }
    }

    static func summary(_ counts: [DocSession.Outcome: Int]) -> String {
        let detail = DocSession.Outcome.allCases.compactMap { outcome in counts[outcome].map { "\($0) \(outcome.rawValue)" } }
        return "\(counts.values.reduce(0, +)) checks (\(detail.joined(separator: ", ")))"
    }

    @Test func theExtractorReadsFencesAndChecks() throws {
        let markdown = """
            Text.
            <!-- check: skin app; warnings mapped-type; resolve variant=dark color.tint=#ffffffff -->

            ```json
            {}
            ```
            ````console
            $ echo '```'
            ```
            ````
            """
        let blocks = try DocBlock.extract(from: markdown, file: "t.md")
        #expect(blocks.map(\.language) == ["json", "console"])
        #expect(blocks[0].check.skin == "app")
        #expect(blocks[0].check.warnings == ["mapped-type"])
        #expect(blocks[0].check.resolutions.first?.variants == ["dark"])
        #expect(blocks[1].text == "$ echo '```'\n```")
        #expect(blocks[1].check.skin == nil, "a check belongs to the next block only")
        #expect(throws: DocFailure.self) { try DocBlock.extract(from: "<!-- check: frobnicate -->\n```json\n{}\n```", file: "t.md") }
    }

    @Test func swiftBlocksAreTypeCheckedUnlessMarkedNotRun() async throws {
        let swiftUI = "import SwiftUI\nlet view = Text(\"hi\")"
        let check = try DocCheck(parsing: "not run: SwiftUI", at: "t.md:1")
        try await SwiftSample.typeCheck(DocBlock(file: "t.md", line: 1, language: "swift", text: swiftUI, check: check))
        let typeChecked = DocBlock(file: "t.md", line: 1, language: "swift", text: swiftUI, check: try DocCheck(parsing: "", at: "t.md:1"))
        await #expect(throws: DocFailure.self) { try await SwiftSample.typeCheck(typeChecked) }
        let broken = DocBlock(file: "t.md", line: 1, language: "swift", text: "let x = (", check: check)
        await #expect(throws: DocFailure.self) { try await SwiftSample.typeCheck(broken) }
    }

    @Test func consoleOutputWildcards() throws {
        let transcript = try ConsoleTranscript("$ a \\\n  b\nline 1\n…\nend …\n[exit 2]\n$ c")
        #expect(transcript.steps.map(\.command) == ["a \\\n  b", "c"])
        #expect(transcript.steps[0].expectedStatus == 2)
        #expect(ConsoleTranscript.matches("line 1\nx\ny\nend here\n", expected: transcript.steps[0].expectedOutput))
        #expect(!ConsoleTranscript.matches("line 2\nend here", expected: transcript.steps[0].expectedOutput))
        #expect(!ConsoleTranscript.matches("line 1\nend here\nmore", expected: transcript.steps[0].expectedOutput))
        #expect(ConsoleTranscript.lineMatches(#"HTTP/1.1 200 OK"#, "HTTP/1.1 … OK"))
    }
}
