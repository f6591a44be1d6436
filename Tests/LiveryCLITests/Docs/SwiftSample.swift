import Foundation

/// Swift blocks are type-checked with `swiftc -typecheck` against the modules `swift build`
/// made (LiveryClient and what it imports), so an API change that breaks a documented sample
/// fails the doc tests. A block that needs what Linux lacks (SwiftUI, UIKit) is marked
/// `not run: REASON` and only parsed (`swiftc -parse`).
enum SwiftSample {
    static func typeCheck(_ block: DocBlock) async throws {
        guard let swiftc = ToolRun.executable(named: "swiftc") else { throw DocFailure("swiftc is not on PATH") }
        let buildFolder = CLI.binary.deletingLastPathComponent()
        let modules = buildFolder.appendingPathComponent("Modules")
        let importPath = FileManager.default.fileExists(atPath: modules.path) ? modules : buildFolder
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("doc-sample-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: source) }
        try wrapped(block).write(to: source, atomically: true, encoding: .utf8)
        // A block marked `not run: REASON` (SwiftUI or UIKit, which Linux lacks) is only parsed.
        let mode = block.check.notRunReason == nil ? "-typecheck" : "-parse"
        let (status, message) = try await ToolRun.run(swiftc, [mode, "-swift-version", "6", "-I", importPath.path, source.path])
        guard status == 0 else { throw DocFailure("does not \(mode == "-parse" ? "parse" : "type-check"):\n\(message)") }
    }

    /// The block as a file: as is, or (with `inside: DECLARATION`) its imports first and the
    /// rest as the body of DECLARATION.
    static func wrapped(_ block: DocBlock) -> String {
        guard let declaration = block.check.enclosingDeclaration else { return block.text }
        let lines = block.text.components(separatedBy: "\n")
        let imports = lines.filter { $0.hasPrefix("import ") }
        let body = lines.filter { !$0.hasPrefix("import ") }
        return (imports + ["import Foundation", "", declaration + " {"] + body + ["}", ""]).joined(separator: "\n")
    }
}
