/// One case with what the server did, judged.
struct CorpusResult {
    var testCase: HTTPCorpusCase
    var outcome: CorpusOutcome

    var passed: Bool { testCase.expectation.isMet(by: outcome) }

    /// The documented divergence that covers this case when it does not pass.
    var divergence: CorpusDivergence? {
        guard !passed else { return nil }
        return CorpusDivergence.all.first { $0.covers(id: testCase.id, outcome: outcome) }
    }

    /// The verdict kind, for the report's columns.
    var kind: String {
        switch testCase.expectation {
        case .accept: "accept"
        case .reject: "reject"
        case .incomplete: "incomplete"
        case .handoff: "handoff"
        case .closeAfter: "close-after"
        case .smuggle: "smuggle"
        case .any: "any"
        }
    }
}
