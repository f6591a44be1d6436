// libFuzzer entry for the skin model: the document reader, publish-time validation and the
// resolver, token sets (resolver bundles, Tokens Studio exports) included. Build (from Benchmarks/):
//   swift build -c release --product SkinFuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
// or run scripts/fuzz.sh skin, which seeds the corpus first.
//
// An input is one document, or a parent and a child separated by a NUL byte (JSON never holds
// a raw NUL), so inheritance is fuzzed too. Invariants checked on every input:
//   - no crash and no hang (libFuzzer's -timeout): a hostile document must meet a budget, not the CPU;
//   - parsing is deterministic (the same bytes give an equal document);
//   - a selection that resolves writes flat, DTCG and CSS forms, and its flat bytes read back
//     as the resolved document apps receive.
import SkinModel
import FuzzDriver

/// Most selections resolved per input beyond what the validator resolves: enough to reach every
/// combination path (all variants at once, token-set permutations) without making each
/// execution slow.
let maxExtraSelections = 4

func fuzzDocuments(_ bytes: [UInt8]) {
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    var lineage: [LineageEntry] = []
    for (index, part) in parts.enumerated() {
        let text = Array(part)
        guard let document = try? SkinDocument.parse(text) else { return }
        precondition((try? SkinDocument.parse(text)) == document, "parsing the same bytes twice differs")
        let name = index == 0 ? "base" : "app"
        // Validator.validate resolves every selection a publish checks (Resolver.resolveCollecting
        // for each), the lost-token check and the contrast gate included.
        _ = Validator.validate(document: document, ancestors: lineage, skin: name, version: 1)
        lineage.append(LineageEntry(skin: name, version: 1, document: document))
    }
    guard let leaf = lineage.last?.document else { return }
    var selections: [[String]] = [[]]
    let variantNames = lineage.flatMap(\.document.variantNames)
    if !variantNames.isEmpty { selections.append(variantNames) }
    let axes = leaf.variantAxes
    if VariantAxis.permutationCount(of: axes) <= 64 {
        selections += VariantAxis.permutations(of: axes).suffix(2)
    }
    for variants in selections.prefix(maxExtraSelections) {
        guard let skin = try? Resolver.resolve(ResolutionRequest(lineage: lineage, variants: variants)) else { continue }
        let flat = skin.canonicalBytes(format: .flat, explain: true, channel: "fuzz")
        _ = skin.canonicalBytes(format: .dtcg, explain: false, channel: nil)
        _ = skin.styleSheet(explain: true, channel: "fuzz")
        do {
            _ = try ResolvedDocument.parse(skin.canonicalBytes(format: .flat))
        } catch {
            preconditionFailure("a resolved document does not read back: \(error); \(String(decoding: flat, as: UTF8.self))")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    fuzzDocuments(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

// The entry point SwiftPM links as `main`: libFuzzer's driver, with this target's input (FuzzDriver).
@_cdecl("SkinFuzz_main")
func skinFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in fuzzOne(data, size) }
}
