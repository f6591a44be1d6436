import Foundation

/// Counts per source and verdict kind (passed / divergent / failed), printed by the suite so the
/// figures in docs/http-conformance.md can be checked against a run.
struct CorpusReport {
    var results: [CorpusResult]
    var failures: [CorpusResult]
    var divergencesUsed: Set<CorpusDivergence>

    init(_ results: [CorpusResult]) {
        self.results = results
        failures = results.filter { !$0.passed && $0.divergence == nil }
        divergencesUsed = Set(results.compactMap(\.divergence))
    }

    var table: String {
        var lines = ["HTTP corpus: \(results.count) cases, \(results.filter(\.passed).count) passed, "
            + "\(results.count(where: { $0.divergence != nil })) documented divergences, \(failures.count) failed",
            "source       verdict      cases  passed  divergent  failed"]
        for source in HTTPCorpusCase.sources {
            let ofSource = results.filter { $0.testCase.source == source }
            for kind in Set(ofSource.map(\.kind)).sorted() {
                let group = ofSource.filter { $0.kind == kind }
                let divergent = group.count { $0.divergence != nil }
                let passed = group.count(where: \.passed)
                lines.append(row(source, kind, group.count, passed, divergent, group.count - passed - divergent))
            }
        }
        lines.append("smuggling probes read as: " + smuggleReadings)
        lines.append("smuggler's probes, framings RFC 9112 gives (the test's reading): " + derivedFramings)
        lines.append("divergences used: " + divergencesUsed.map { "\($0.idPattern) → \($0.outcome) (\(count(of: $0)))" }.sorted().joined(separator: "; "))
        return lines.joined(separator: "\n")
    }

    private func count(of divergence: CorpusDivergence) -> Int { results.count { $0.divergence == divergence } }

    /// How the server framed the smuggling probes, per source (`REJECT`, `TE`, `NOTE`).
    private var smuggleReadings: String {
        var counts: [String: Int] = [:]
        for r in results {
            guard case .smuggle(let probe, _) = r.testCase.expectation else { continue }
            counts["\(r.testCase.source) \(probe.framingRead(by: r.outcome) ?? "neither")", default: 0] += 1
        }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// How `HTTPSmuggleProbe.rfcFramings(of:)` read the probes that name no framing.
    private var derivedFramings: String {
        var counts: [String: Int] = [:]
        for r in results where !r.testCase.smuggleFramingsFromCorpus {
            guard case .smuggle(_, let rfc) = r.testCase.expectation else { continue }
            counts[rfc.joined(separator: " or "), default: 0] += 1
        }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    private func row(_ cells: Any...) -> String {
        let widths = [13, 13, 7, 8, 11, 6]
        return zip(cells, widths).map { "\($0.0)".padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined()
    }
}
