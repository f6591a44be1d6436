@testable import SkinModel

/// What happened to one real token file published through the model (validate, then resolve),
/// in the context of the other files of its design system (docs/skins.md, "What tool exports may contain").
struct CorpusAcceptance {
    let file: String
    /// The token paths the file itself writes.
    let inputPaths: [String]
    /// Errors the file's own publish reports (not the context's).
    let errors: [Diagnostic]
    let warnings: [Diagnostic]
    /// Input paths that are neither resolved nor named in an error: silently lost.
    let lost: [String]
    /// Input paths in the resolved document.
    let resolved: Int

    var accepted: Bool { errors.isEmpty }

    /// Publishes `file` with the other files of its system as a parent layer, so references
    /// across files resolve, and attributes findings to the file when they are at its paths.
    static func measure(source: String, file: String, systemFiles: [String]) -> CorpusAcceptance {
        guard let bytes = try? CorpusFiles.bytes(source, file), case .object(var tree)? = try? JSONParser.parse(bytes) else {
            return CorpusAcceptance(file: file, inputPaths: [], errors: [.error(.invalidJSON, at: "", "not a JSON object")], warnings: [], lost: [], resolved: 0)
        }
        let inputPaths = CorpusFiles.tokenPaths(tree)
        var contextTrees: [JSONObject] = []
        for other in systemFiles where other != file {
            if let otherBytes = try? CorpusFiles.bytes(source, other), case .object(let otherTree)? = try? JSONParser.parse(otherBytes) {
                contextTrees.append(otherTree)
            }
        }
        var ancestors: [LineageEntry] = []
        if !contextTrees.isEmpty, let context = try? SkinDocument(json: .object(CorpusFiles.merged(contextTrees))) {
            ancestors = [LineageEntry(skin: "context", version: 1, document: context)]
        }
        let own = Set(inputPaths)
        if !ancestors.isEmpty { tree["$livery"] = .object(JSONObject([("extends", .string("context@1"))])) }
        let document: SkinDocument
        do throws(SkinProblems) {
            document = try SkinDocument(json: .object(tree))
        } catch {
            return CorpusAcceptance(file: file, inputPaths: inputPaths, errors: error.errors, warnings: error.warnings, lost: [], resolved: 0)
        }
        let problems = Validator.validate(document: document, ancestors: ancestors, skin: "file", version: 1)
        let contextOnly = Set(ancestors.flatMap { $0.document.tokens.map(\.path) }).subtracting(own)
        let errors = problems.errors.filter { !contextOnly.contains($0.path) }
        let (skin, _) = Resolver.resolveCollecting(ResolutionRequest(lineage: ancestors + [LineageEntry(skin: "file", version: 1, document: document)]))
        let resolvedPaths = Set(skin?.tokens.keys.map { $0 } ?? [])
        let named = Set(problems.errors.map(\.path))
        // Dependents of a refused token are not named on their own; loss only counts in an accepted publish.
        let lost = problems.errors.isEmpty ? inputPaths.filter { !resolvedPaths.contains($0) && !named.contains($0) } : []
        return CorpusAcceptance(
            file: file, inputPaths: inputPaths, errors: errors, warnings: problems.warnings.compactMap { Self.own($0, outside: contextOnly) },
            lost: lost, resolved: inputPaths.filter(resolvedPaths.contains).count)
    }

    /// A warning kind narrowed to the file's own paths (its system's other files only give context); nil if none is left.
    static func own(_ warning: Diagnostic, outside contextOnly: Set<String>) -> Diagnostic? {
        let own = zip(warning.paths, warning.messages).filter { !contextOnly.contains($0.0) }
        guard let first = own.first else { return nil }
        var kept = warning
        kept.path = first.0
        kept.message = first.1
        kept.otherPaths = own.dropFirst().map(\.0)
        kept.otherMessages = own.dropFirst().map(\.1)
        return kept
    }
}
