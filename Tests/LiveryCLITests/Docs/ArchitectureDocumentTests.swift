import Foundation
import Testing

/// docs/architecture.md says where each concern lives; this keeps it true as folders come and
/// go: every folder of `Sources/` (a target's first level) is named there as `Target/Folder`,
/// and every such name there is a folder that exists.
@Suite struct ArchitectureDocumentTests {
    static var folders: [String] {
        let sources = Documentation.root.appendingPathComponent("Sources")
        let manager = FileManager.default
        let targets = (try? manager.contentsOfDirectory(atPath: sources.path)) ?? []
        return targets.flatMap { target -> [String] in
            let entries = (try? manager.contentsOfDirectory(atPath: sources.appendingPathComponent(target).path)) ?? []
            return entries.filter { entry in
                var isFolder: ObjCBool = false
                return manager.fileExists(atPath: sources.appendingPathComponent(target).appendingPathComponent(entry).path, isDirectory: &isFolder)
                    && isFolder.boolValue
            }.map { "\(target)/\($0)" }
        }.sorted()
    }

    @Test func everySourceFolderHasItsLine() throws {
        let text = try Documentation.text(of: "docs/architecture.md")
        let folders = Self.folders
        #expect(folders.count > 50, "the folders were found: \(folders.count)")
        let missing = folders.filter { !text.contains("`\($0)`") }
        #expect(missing.isEmpty, "docs/architecture.md does not name: \(missing)")
    }

    @Test func everyFolderItNamesExists() throws {
        let text = try Documentation.text(of: "docs/architecture.md")
        let named = try Regex(#"\| `([A-Za-z]+/[A-Za-z]+)` \|"#)
        let folders = Set(Self.folders)
        let stale = text.matches(of: named).compactMap { $0.output[1].substring.map(String.init) }.filter { !folders.contains($0) }
        #expect(stale.isEmpty, "docs/architecture.md names folders that do not exist: \(stale)")
    }
}
