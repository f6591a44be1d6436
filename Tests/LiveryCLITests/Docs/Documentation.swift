import Foundation

/// The repository's user documentation: README.md and every docs/*.md, read from the package
/// root (found from this file's path, as CI's fresh clone has it).
enum Documentation {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md first, then docs/*.md by name, as paths relative to the root.
    static var files: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func text(of file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    }

    static func blocks(of file: String) throws -> [DocBlock] {
        try DocBlock.extract(from: try text(of: file), file: file)
    }

    /// Every `.swift` file under Sources/, with its path relative to the root.
    static func swiftSources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            ("Sources/" + $0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The migrations already applied by databases in the field: their text is frozen (its
    /// checksum is in every database's ledger, and an edited one stops the start), so what their
    /// comments cite stays as it was written.
    static let frozenMigrations: Set<String> = [
        "m0001_initial.sql", "pg0001_initial.sql", "m0002_release_control.sql", "pg0002_release_control.sql",
    ]

    /// `Package.swift` and the text files of `migrations/` (but the frozen ones), `scripts/`,
    /// `deploy/` and `.ci/`, with their paths relative to the root.
    static func projectFiles() throws -> [(path: String, text: String)] {
        var files = [("Package.swift", try text(of: "Package.swift"))]
        for folder in ["migrations", "scripts", "deploy", ".ci"] {
            let url = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
            for case let name as String in walker where !frozenMigrations.contains(name) {
                guard let data = FileManager.default.contents(atPath: url.appendingPathComponent(name).path),
                    let text = String(data: data, encoding: .utf8)
                else { continue }
                files.append(("\(folder)/\(name)", text))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }
}
