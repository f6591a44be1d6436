import Foundation
import Testing

/// Nothing in the repository's Markdown links outside it: every relative link names a file or
/// folder that exists in the repository (so a fresh clone, or the code host, shows no broken
/// link), and every `#anchor` into a Markdown file names one of its headings.
@Suite struct DocumentationLinkTests {
    /// The user documentation, the configuration table, and deploy/'s guide once it exists.
    static var markdownFiles: [String] {
        let deploy = FileManager.default.fileExists(atPath: Documentation.root.appendingPathComponent("deploy/README.md").path)
        return Documentation.files + ["config/README.md"] + (deploy ? ["deploy/README.md"] : [])
    }

    @Test(arguments: markdownFiles)
    func everyRelativeLinkStaysInTheRepository(file: String) throws {
        let text = try Documentation.text(of: file)
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().relativePath
        let rootPath = Documentation.root.standardizedFileURL.path
        for match in text.matches(of: link) {
            guard let target = match.output[1].substring.map(String.init), !target.contains("://"), !target.hasPrefix("mailto:")
            else { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0].isEmpty ? file : (folder == "." ? parts[0] : folder + "/" + parts[0])
            let resolved = Documentation.root.appendingPathComponent(path).standardizedFileURL
            #expect(resolved.path.hasPrefix(rootPath + "/"), "\(file): \(target) points outside the repository")
            #expect(FileManager.default.fileExists(atPath: resolved.path), "\(file): \(target) names nothing")
            if parts.count == 2, resolved.pathExtension == "md", FileManager.default.fileExists(atPath: resolved.path) {
                let anchors = Self.anchors(of: try String(contentsOf: resolved, encoding: .utf8))
                #expect(anchors.contains(parts[1]), "\(file): \(target): no heading has the anchor #\(parts[1])")
            }
        }
    }

    /// The development workspace's contract is not in the repository: the documentation
    /// says what it means instead of citing a section a reader cannot open.
    @Test(arguments: markdownFiles)
    func noReferenceToTheWorkspaceContract(file: String) throws {
        let text = try Documentation.text(of: file)
        let cited = text.components(separatedBy: "\n").enumerated().filter { line in Self.workspaceNames.contains { line.element.contains($0) } }
        #expect(cited.isEmpty, "\(file) cites what is outside the repository: \(cited.map { "line \($0.offset + 1): \($0.element)" })")
    }

    /// Code comments cite the project's own pages (docs/architecture.md and the user guides), never
    /// the workspace's notes, which a reader of the repository cannot open: in Sources/ and Tests/,
    /// and in `Package.swift`, `migrations/`, `scripts/`, `deploy/` and `.ci/`.
    @Test func codeCitesOnlyTheProjectsOwnDocs() throws {
        let sources = try Documentation.swiftSources()
        let tests = Documentation.root.appendingPathComponent("Tests")
        let walker = FileManager.default.enumerator(atPath: tests.path)
        // Every test the repository runs: Swift, the browser tests (Python) and the web client's (Node).
        let testFiles = try (walker?.compactMap { $0 as? String } ?? []).filter { [".swift", ".py", ".mjs"].contains(where: $0.hasSuffix) }.map {
            ("Tests/" + $0, try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8))
        }
        let projectFiles = try Documentation.projectFiles()
        for folder in ["migrations/", "scripts/", "deploy/", ".ci/"] {
            #expect(projectFiles.contains { $0.path.hasPrefix(folder) }, "\(folder) is read")
        }
        for (path, text) in sources + testFiles + projectFiles {
            let cited = text.components(separatedBy: "\n").enumerated().filter { _, line in
                Self.workspaceNames.dropLast().contains { line.range(of: "\\b\($0)\\b", options: .regularExpression) != nil }
            }
            #expect(cited.isEmpty, "\(path) cites the workspace's notes: \(cited.map { "line \($0.offset + 1)" })")
        }
    }

    /// The names of the workspace's notes and folder, spelled in pieces so that this file does not
    /// cite them itself: its contract, its engine notes, and the folder beside the repository.
    static let workspaceNames = ["SP" + "EC", "ENGINE" + "-NOTES", "../" + "shared"]

    /// GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens.
    static func anchors(of markdown: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_" }
            anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }
}
