import Foundation
import Testing
@testable import SkinModel

/// The numbered examples of DTCG Format and Color Modules 2025.10 (docs/skins.md, "What tool exports may contain": "the numbered
/// examples of both modules are tests"), with the verdicts and values `expectations.json` reads
/// from the text around each: valid ones publish and resolve to the stated values (colours
/// within 1/255), invalid ones and fragments (excerpts referencing tokens they do not define)
/// are refused.
@Suite("DTCG 2025.10 examples (corpus)", .enabled(if: CorpusFiles.isPresent, CorpusFiles.skipReason))
struct SpecCorpusTests {
    static let source = "dtcg-spec-2025.10"

    /// Examples whose `hex` disagrees with their own components inside sRGB: hsl(330 100% 50%) and
    /// hwb(330 0% 0%) are #ff0080, not the #ff00ff the text gives. docs/skins.md, "Types and the notations Livery reads" lets the components
    /// win with a `hex-mismatch` warning, so these give #ff0080 and that warning.
    static let hexErrata: [String: String] = ["color-ex006-6": "#ff0080", "color-ex007-7": "#ff0080"]

    static func expectations() -> [(id: String, entry: JSONObject)] {
        guard let bytes = try? CorpusFiles.bytes(source, "expectations.json"), case .object(let all)? = try? JSONParser.parse(bytes) else { return [] }
        return all.members.compactMap { member in member.value.objectValue.map { (member.key, $0) } }.sorted { $0.id < $1.id }
    }

    @Test("each example gives its stated verdict and values", arguments: expectations().map(\.id))
    func example(id: String) throws {
        let entry = try #require(Self.expectations().first { $0.id == id }?.entry)
        let file = ["\(id).json", "\(id).repaired.json"].first { FileManager.default.fileExists(atPath: CorpusFiles.root.appendingPathComponent(Self.source).appendingPathComponent($0).path) }
        let bytes = try CorpusFiles.bytes(Self.source, try #require(file, "no file for \(id)"))
        var problems = SkinProblems()
        var skin: ResolvedSkin?
        do {
            let document = try SkinDocument.parse(bytes)
            problems = Validator.validate(document: document, ancestors: [], skin: "example", version: 1)
            if problems.errors.isEmpty { skin = try Resolver.resolve(ResolutionRequest(lineage: [LineageEntry(skin: "example", version: 1, document: document)])) }
        } catch {
            problems = error
        }
        switch entry["expect"]?.stringValue {
        case "valid":
            #expect(problems.errors.isEmpty, "\(id): \(problems.errors)")
            if let hex = Self.hexErrata[id] {
                #expect(problems.warnings.contains { $0.code == .hexMismatch }, "\(id): \(problems.warnings)")
                #expect(skin?.tokens.values.first?.value.dtcgJSON["hex"] == .string(hex))
                return
            }
            for (path, expected) in entry["values"]?.objectValue?.members ?? [] {
                let actual = try #require(skin?.tokens[path]?.value, "\(id): \(path) is not resolved")
                #expect(Self.matches(expected, actual.dtcgJSON), "\(id): \(path) is \(canonical(actual.dtcgJSON)), expected \(canonical(expected))")
            }
        case "invalid":
            #expect(!problems.errors.isEmpty, "\(id) is invalid, but published")
        case "fragment":
            #expect(problems.errors.contains { $0.code == .unknownReference }, "\(id) references tokens it does not define: \(problems.errors)")
        default:
            Issue.record("\(id): unknown verdict \(entry["expect"].map(canonical) ?? "none")")
        }
    }

    /// Whether a resolved value in DTCG notation matches what the spec states: colours by their
    /// sRGB components (within 1/255) or their `hex`, numbers within 1e-9, everything else equal.
    static func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.object(let want), .object(let have)) where want["colorSpace"] != nil || (want["hex"] != nil && have["colorSpace"] != nil):
            if case .string(let hex)? = want["hex"], want["components"] == nil { return have["hex"]?.stringValue?.lowercased() == hex.lowercased() }
            guard let wanted = want["components"]?.arrayValue, let had = have["components"]?.arrayValue, wanted.count == had.count else { return false }
            let close = zip(wanted, had).allSatisfy { abs(($0.numberValue ?? -9) - ($1.numberValue ?? 9)) <= 1.0 / 255 }
            return close && abs((want["alpha"]?.numberValue ?? 1) - (have["alpha"]?.numberValue ?? 1)) <= 1.0 / 255
        case (.object(let want), .object(let have)):
            return want.keys.count == have.keys.count && want.members.allSatisfy { member in have[member.key].map { matches(member.value, $0) } ?? false }
        case (.array(let want), .array(let have)):
            return want.count == have.count && zip(want, have).allSatisfy { matches($0, $1) }
        case (.number(let want), .number(let have)):
            return abs(want - have) <= 1e-9
        default:
            return expected == actual
        }
    }
}
