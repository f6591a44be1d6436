import Foundation
import SkinModel

/// What `livery publish` and `livery validate` send for a path (docs/skins.md, "Token sets"): a skin document as
/// is; a resolver document packed with the files it references into a bundle; a Tokens Studio
/// folder (`$themes.json`, `$metadata.json`, one file per set, optionally `$livery.json`)
/// packed into Tokens Studio's single-file form.
enum PublishBody {
    static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CLIFailure("cannot read \(path)") }
        if isDirectory.boolValue { return try tokensStudioFolder(path) }
        let bytes = try contents(path)
        guard let json = try? JSONParser.parse(bytes), TokenSetPacking.isResolverDocument(json) else { return bytes }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        // Every reference is checked before any is read, so nothing outside is read or sent.
        let located = try TokenSetPacking.referencedFiles(in: json).map { reference in
            (reference: reference, file: try ResolverFolder.inside(folder, reference: reference, referrer: path))
        }
        let files = try located.map { (path: $0.reference, bytes: try contents($0.file)) }
        return TokenSetPacking.bundle(resolver: bytes, files: files)
    }

    static func contents(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIFailure("cannot read \(path)") }
        return [UInt8](data)
    }

    /// Every `.json` file below the folder is a set named by its relative path without `.json`,
    /// ordered as `$metadata.json`'s `tokenSetOrder` lists them, the others after by name.
    static func tokensStudioFolder(_ path: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { throw CLIFailure("cannot list \(path)") }
        var names: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".json"), !relative.split(separator: "/").contains(where: { $0.hasPrefix("$") }) else { continue }
            names.append(String(relative.dropLast(".json".count)))
        }
        func optional(_ name: String) throws -> [UInt8]? {
            let file = root.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: file) ? try contents(file) : nil
        }
        let metadata = try optional("$metadata.json")
        let themes = try optional("$themes.json")
        guard metadata != nil || themes != nil else {
            throw CLIFailure("\(path) is not a Tokens Studio folder: it has neither $themes.json nor $metadata.json")
        }
        var listed: [String] = []
        if let metadata, case .array(let order)? = (try? JSONParser.parse(metadata))?["tokenSetOrder"] {
            listed = order.compactMap(\.stringValue).filter(names.contains)
        }
        let ordered = listed + names.filter { !listed.contains($0) }.sorted()
        // A set may be a symbolic link out of the folder: checked like a resolver's references.
        let located = try ordered.map { (name: $0, file: try ResolverFolder.inside(root, reference: $0 + ".json", referrer: path)) }
        let sets = try located.map { (name: $0.name, bytes: try contents($0.file)) }
        return TokenSetPacking.tokensStudioExport(sets: sets, themes: themes, metadata: metadata, livery: try optional("$livery.json"))
    }
}
