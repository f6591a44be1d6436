import Foundation
import Testing
@testable import SkinModel

/// The shared corpus of other projects' token files (`../shared/corpus/dtcg` from the package root),
/// read in place: tests skip, saying why, where it is absent, and never copy it into the repo.
enum CorpusFiles {
    /// `<package root>/../shared/corpus/dtcg`, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/dtcg")

    static var isPresent: Bool { FileManager.default.fileExists(atPath: root.path) }

    static let skipReason: Comment = "../shared/corpus/dtcg is absent (the shared corpus of real token files is not checked out next to the package)"

    /// The token files of a source folder, relative to it, sorted: `.json` files that hold tokens
    /// (not the manifest, resolver documents, Tokens Studio `$themes`/`$metadata`, or JSON5 originals).
    static func tokenFiles(in source: String) -> [String] {
        let folder = root.appendingPathComponent(source)
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard name.hasSuffix(".json"), name != "MANIFEST.json", !name.hasSuffix(".resolver.json"), !name.hasPrefix("$") else { continue }
            files.append(relative)
        }
        return files.sorted()
    }

    static func bytes(_ source: String, _ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(source).appendingPathComponent(file)))
    }

    /// The dialect the source's MANIFEST.json gives each file (`figma-plugin-original`, `dtcg-2025.10`, …).
    static func dialects(in source: String) -> [String: String] {
        guard let data = try? Data(contentsOf: root.appendingPathComponent(source).appendingPathComponent("MANIFEST.json")),
            case .object(let manifest)? = try? JSONParser.parse(Array(data)), case .array(let entries)? = manifest["entries"]
        else { return [:] }
        var result: [String: String] = [:]
        for case .object(let entry) in entries {
            if case .string(let file)? = entry["file"], case .string(let dialect)? = entry["dialect"] { result[file] = dialect }
        }
        return result
    }

    /// The system a file belongs to: its first folder inside the source (files of one system
    /// reference each other's tokens), or the source itself for files at its top level.
    static func system(of file: String) -> String {
        let components = file.split(separator: "/")
        return components.count > 1 ? String(components[0]) : ""
    }

    /// Deep merge of token trees, later trees winning member by member (groups merge, tokens replace).
    static func merged(_ trees: [JSONObject]) -> JSONObject {
        trees.reduce(JSONObject()) { merge(base: $0, local: $1) }
    }

    static func merge(base: JSONObject, local: JSONObject) -> JSONObject {
        var result = base
        for (key, value) in local.members {
            if case .object(let localGroup) = value, localGroup["$value"] == nil, case .object(let baseGroup)? = base[key], baseGroup["$value"] == nil {
                result[key] = .object(merge(base: baseGroup, local: localGroup))
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// Every token path of a raw tree: objects with `$value`, objects that are a token-level `$ref`,
    /// and pre-2025 draft tokens (`value` with a `type`, or a `value` that is no object, and no `$`
    /// member: the lukasoppermann plugin's exports), so their tokens count and are checked for loss too.
    static func tokenPaths(_ tree: JSONObject, prefix: [String] = []) -> [String] {
        var paths: [String] = []
        for (key, value) in tree.members where key == "$root" || !key.hasPrefix("$") {
            guard case .object(let child) = value else { continue }
            let names = prefix + [key]
            let draft = child["value"] != nil && !child.keys.contains { $0.hasPrefix("$") }
                && (child["type"]?.stringValue != nil || child["value"]?.objectValue == nil)
            if child["$value"] != nil || child["$ref"] != nil || draft {
                paths.append(names.joined(separator: "."))
            } else {
                paths += tokenPaths(child, prefix: names)
            }
        }
        return paths
    }
}
