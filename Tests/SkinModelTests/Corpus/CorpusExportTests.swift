import TestSupport
import Testing
@testable import SkinModel

/// Every design-system file and tool export of the shared corpus publishes through the model
/// (validate + resolve) with no token lost (docs/skins.md, "What tool exports may contain"). Prints, per source, files and tokens
/// accepted and the warnings by code, the figures the issue's closing note reports.
///
/// `.offThePool` (here and on the round trip below): these suites compute for tens of seconds; on the
/// cooperative pool they held both of its threads for the first 40 s of every full `swift test`,
/// and every other suite's in-process servers waited behind them. `.serialized`: off the pool, six
/// cases at once would be six threads taking CPU from the servers' event loops; one at a time is one.
@Suite("Real token files (corpus)", .enabled(if: CorpusFiles.isPresent, CorpusFiles.skipReason), .offThePool, .serialized)
struct CorpusExportTests {
    /// Real files that are still refused, each with the reason, which is a real contradiction in
    /// the file that docs/skins.md, "What tool exports may contain" keeps as an error. A file here that starts publishing fails the test
    /// too, so the list only shrinks.
    static let knownRefusals: [String: String] = [:]

    static let sources = ["dtcg-examples", "figma-exports", "primer-json5", "style-dictionary", "sd-transforms", "tokens-studio-designsystemet"]

    @Test("every file publishes with no token lost", arguments: sources)
    func publishes(source: String) {
        let files = CorpusFiles.tokenFiles(in: source)
        var bySystem: [String: [String]] = [:]
        for file in files { bySystem[CorpusFiles.system(of: file), default: []].append(file) }
        var acceptedFiles = 0
        var acceptedTokens = 0
        var totalTokens = 0
        var warningCounts: [String: Int] = [:]
        var warningKinds = 0
        // A file publishes with its system's other files of the same dialect as parent: the
        // lukasoppermann plugin's `original` and `standard` test files are one export in two
        // formats, not two parts of one system (as each other's parent they clash).
        let dialects = CorpusFiles.dialects(in: source)
        for file in files {
            let context = (bySystem[CorpusFiles.system(of: file)] ?? []).filter { dialects[$0] == dialects[file] }
            let result = CorpusAcceptance.measure(source: source, file: file, systemFiles: context)
            totalTokens += result.inputPaths.count
            for warning in result.warnings { warningCounts[warning.code.rawValue, default: 0] += warning.count }
            warningKinds += result.warnings.count
            if result.accepted {
                acceptedFiles += 1
                acceptedTokens += result.resolved
            } else {
                let codes = Dictionary(grouping: result.errors, by: \.code.rawValue).map { "\($0.value.count) × \($0.key)" }.sorted()
                print("corpus \(source) REFUSED \(file): \(codes.joined(separator: ", ")); first: \(result.errors.first?.description ?? "")")
            }
            let known = Self.knownRefusals["\(source)/\(file)"]
            #expect(result.errors.isEmpty == (known == nil), "\(source)/\(file): \(result.errors.prefix(3).map(\.description)) (known refusal: \(known ?? "none"))")
            #expect(result.lost.isEmpty, "\(source)/\(file) lost \(result.lost.count) tokens: \(result.lost.prefix(5))")
        }
        let warnings = warningCounts.sorted { $0.key < $1.key }.map { "\($0.value) × \($0.key)" }.joined(separator: ", ")
        print("corpus \(source): files \(acceptedFiles)/\(files.count) accepted, tokens \(acceptedTokens)/\(totalTokens) accepted; warnings: \(warnings) (\(warningKinds) warning kinds over the files, one line each)")
    }
}

/// docs/skins.md, "What tool exports may contain": publishing a `format=dtcg` output again gives the same resolved document. Checked
/// on every real file that publishes (with its system as parent), so every notation, tool form
/// and opaque value those files hold goes through the DTCG writer and back.
@Suite("format=dtcg round trip (corpus)", .enabled(if: CorpusFiles.isPresent, CorpusFiles.skipReason), .offThePool, .serialized)
struct CorpusRoundTripTests {
    @Test("republishing format=dtcg gives the same flat tokens", arguments: CorpusExportTests.sources)
    func roundTrip(source: String) throws {
        var checked = 0
        var keptSpaces: [String: Int] = [:]
        for file in CorpusFiles.tokenFiles(in: source) where CorpusExportTests.knownRefusals["\(source)/\(file)"] == nil {
            guard case .object(let tree)? = try? JSONParser.parse(try CorpusFiles.bytes(source, file)),
                let document = try? SkinDocument(json: .object(tree)), document.extends == nil,
                let skin = try? Resolver.resolve(ResolutionRequest(lineage: [LineageEntry(skin: "file", version: 1, document: document)]))
            else { continue }  // files that need their system's other files to resolve are covered by the export test
            let output = skin.document(format: .dtcg, explain: false, channel: nil)
            let reread = try SkinDocument(json: output)
            let again = try Resolver.resolve(ResolutionRequest(lineage: [LineageEntry(skin: "file", version: 1, document: reread)]))
            let before = skin.tokens.mapValues { canonical($0.value.flatJSON) + $0.typeName }
            let after = again.tokens.mapValues { canonical($0.value.flatJSON) + $0.typeName }
            #expect(before == after, "\(source)/\(file): \(before.filter { after[$0.key] != $0.value }.prefix(3))")
            // A colour literal written as a DTCG object comes back in its own space (docs/skins.md, "What tool exports may contain").
            for (path, token) in skin.tokens {
                guard case .color = token.value, case .string(let space)? = token.writtenLiteral?["colorSpace"] else { continue }
                let node = path.split(separator: ".", omittingEmptySubsequences: false).reduce(Optional(output)) { $0?[String($1)] }
                let written = node?["$value"]?["colorSpace"]
                #expect(written == .string(space), "\(source)/\(file): \(path) written in \(space), output \(written.map(canonical) ?? "none")")
                keptSpaces[space, default: 0] += 1
            }
            checked += 1
        }
        let spaces = keptSpaces.sorted { $0.key < $1.key }.map { "\($0.value) × \($0.key)" }.joined(separator: ", ")
        print("round trip \(source): \(checked) standalone files; colour objects kept in their space: \(spaces.isEmpty ? "none" : spaces)")
    }
}
