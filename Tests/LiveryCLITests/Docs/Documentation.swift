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
}
