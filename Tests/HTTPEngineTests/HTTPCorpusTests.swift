import Dispatch
import Foundation
import Synchronization
import Testing
@testable import HTTPEngine

/// The 4,070 requests of `../shared/corpus/http` (llhttp, h11, http-garden, PortSwigger, smuggler)
/// against the engine over real sockets: every case gives the verdict its peer expects, or one
/// of the documented, RFC-backed divergences (docs/http-conformance.md).
@Suite("HTTP corpus", .enabled(if: HTTPCorpusCase.corpusDirectory() != nil, "../shared/corpus/http is absent"))
struct HTTPCorpusTests {
    /// How long a case that may be waited on is watched before the client half-closes.
    static let watch = Duration.milliseconds(300)
    /// Connections in flight at once.
    static let parallelConnections = 16

    @Test func everyCaseGivesItsVerdictOrADocumentedDivergence() throws {
        let cases = try HTTPCorpusCase.loadAll(from: #require(HTTPCorpusCase.corpusDirectory()))
        #expect(cases.count == 4070)
        var results: [CorpusResult] = []
        try withTestServer(configure: CorpusServer.configure, handler: CorpusServer.handler) { server in
            results = try Self.run(cases, port: server.port)
        }
        let report = CorpusReport(results)
        print(report.table)
        for (index, failure) in report.failures.enumerated() {
            let line = "\(failure.testCase.id): expected \(failure.testCase.expectation), observed \(failure.outcome)"
            print("corpus failure: \(line)")
            if index < 40 { Issue.record(Comment(rawValue: line)) }
        }
        #expect(report.failures.count == 0)
        let unused = Set(CorpusDivergence.all).subtracting(report.divergencesUsed)
        #expect(unused.isEmpty, "divergences no case needs any more: \(unused.map(\.idPattern))")
    }

    @Test func divergenceTableMatchesTheDocument() throws {
        let documented = try CorpusDivergenceDocument.read()
        #expect(documented == Set(CorpusDivergence.all))
        for divergence in documented {
            #expect(divergence.rfc.wholeMatch(of: /RFC 91(10|12) §[0-9.]+/) != nil, "\(divergence.idPattern): \(divergence.rfc)")
        }
    }

    /// The test's own reading of a probe's head (used for smuggler's probes, which name no
    /// framing) never allows what PortSwigger's `rfc` does not, on every PortSwigger probe.
    @Test func referenceFramingsAgreeWithPortSwigger() throws {
        let cases = try HTTPCorpusCase.loadAll(from: #require(HTTPCorpusCase.corpusDirectory()))
        var compared = 0
        for testCase in cases where testCase.smuggleFramingsFromCorpus {
            guard case .smuggle(let probe, let rfc) = testCase.expectation else { continue }
            let reference = Set(HTTPSmuggleProbe.rfcFramings(of: testCase.bytes))
            #expect(reference.isSubset(of: probe.framingsAllowed(rfc: rfc)), "\(testCase.id): \(reference.sorted()) against \(rfc)")
            compared += 1
        }
        #expect(compared == 231)
    }

    /// Runs every case on its own connection, `parallelConnections` at a time.
    static func run(_ cases: [HTTPCorpusCase], port: Int) throws -> [CorpusResult] {
        let next = Atomic(0)
        let results = Mutex([CorpusResult?](repeating: nil, count: cases.count))
        let errors = Mutex([String]())
        DispatchQueue.concurrentPerform(iterations: parallelConnections) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < cases.count else { return }
                let testCase = cases[index]
                let watched = testCase.expectation.watchesForWaiting
                do {
                    let exchange = try CorpusExchange.run(testCase.parts, port: port, watch: watched ? watch : .zero)
                    let outcome = CorpusOutcome(exchange, watched: watched)
                    results.withLock { $0[index] = CorpusResult(testCase: testCase, outcome: outcome) }
                } catch {
                    errors.withLock { $0.append("\(testCase.id): \(error)") }
                }
            }
        }
        let failed = errors.withLock { $0 }
        guard failed.isEmpty else { throw TestError("could not run: \(failed.prefix(5))") }
        return results.withLock { $0.compactMap { $0 } }
    }
}
