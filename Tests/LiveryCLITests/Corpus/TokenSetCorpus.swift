import Foundation

/// Where the corpus is and how this test packs and enumerates it, independently of Livery's code.
enum TokenSetCorpus {
    /// `../shared/corpus/dtcg` from the package root, or nil when absent.
    static let root: URL? = {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { directory.deleteLastPathComponent() }
        let corpus = directory.deletingLastPathComponent().appendingPathComponent("shared/corpus/dtcg")
        return FileManager.default.fileExists(atPath: corpus.path) ? corpus : nil
    }()

    static func resolverDocuments(in corpus: URL) -> [URL] {
        let examples = corpus.appendingPathComponent("dtcg-examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.filter { $0.hasSuffix(".resolver.json") }.sorted().map { examples.appendingPathComponent($0) }
            + [corpus.appendingPathComponent("open-props/open-props.resolver.json")]
    }

    /// The REST body `{"resolver": …, "files": {…}}` with every file the resolver references,
    /// raw bytes spliced in (so member order survives), and the parsed pieces for the merge.
    static func bundle(_ resolverFile: URL) throws -> (body: [UInt8], resolver: [String: Any], files: [String: Any]) {
        let resolverData = try Data(contentsOf: resolverFile)
        let resolver = try JSONSerialization.jsonObject(with: resolverData) as? [String: Any] ?? [:]
        var references: [String] = []
        collectFileReferences(resolver, into: &references)
        var files: [String: Any] = [:]
        var members: [String] = []
        for reference in references {
            let data = try Data(contentsOf: resolverFile.deletingLastPathComponent().appendingPathComponent(reference))
            files[reference] = try JSONSerialization.jsonObject(with: data)
            members.append("\"\(reference)\":" + String(decoding: data, as: UTF8.self))
        }
        let body = "{\"resolver\":" + String(decoding: resolverData, as: UTF8.self) + ",\"files\":{" + members.joined(separator: ",") + "}}"
        return (Array(body.utf8), resolver, files)
    }

    private static func collectFileReferences(_ value: Any, into references: inout [String]) {
        if let object = value as? [String: Any] {
            if let reference = object["$ref"] as? String, !reference.hasPrefix("#") {
                let file = reference.split(separator: "#").first.map(String.init) ?? reference
                if !references.contains(file) { references.append(file) }
            }
            for member in object.values { collectFileReferences(member, into: &references) }
        } else if let array = value as? [Any] {
            for element in array { collectFileReferences(element, into: &references) }
        }
    }

    struct Axis {
        var name: String
        var contexts: [String]
        var defaultContext: String
    }

    /// Every selection naming one context per axis, as `axis:context` labels.
    static func permutations(_ axes: [Axis]) -> [[String]] {
        axes.reduce([[]]) { partial, axis in partial.flatMap { prefix in axis.contexts.map { prefix + ["\(axis.name):\($0)"] } } }
    }
}
