import Foundation
import Logging
import Testing
@testable import HTTPEngine

/// The 4,070 requests of `../shared/corpus/http` (llhttp, h11, http-garden, PortSwigger, smuggler)
/// against the engine over real sockets: every case gives the verdict its peer expects, or one
/// of the documented, RFC-backed divergences (docs/http-conformance.md).
@Suite("HTTP corpus", .enabled(if: HTTPCorpusCase.corpusDirectory() != nil, "../shared/corpus/http is absent"))
struct HTTPCorpusTests {
    /// On each readiness backend: how a connection's reads, half-close and close are seen is the
    /// backend's part of every verdict.
    @Test(arguments: HTTPEventBackend.available)
    func everyCaseGivesItsVerdictOrADocumentedDivergence(_ backend: HTTPEventBackend) async throws {
        let cases = try HTTPCorpusCase.loadAll(from: #require(HTTPCorpusCase.corpusDirectory()))
        #expect(cases.count == 4070)
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.loopCount = 2
        configuration.eventBackend = backend
        CorpusServer.configure(&configuration)
        let server = HTTPServer(configuration: configuration, handler: CorpusServer.handler, logger: Logger(label: "corpus"))
        try server.start()
        let results: [CorpusResult]
        do {
            results = try await CorpusRunner.run(cases, port: server.port)
        } catch {
            await server.shutdown(grace: .seconds(2))
            throw error
        }
        await server.shutdown(grace: .seconds(2))
        let report = CorpusReport(results)
        print("\(backend) backend: " + report.table)
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
        let cases = try HTTPCorpusCase.loadAll(from: #require(HTTPCorpusCase.corpusDirectory()), sources: ["portswigger"])
        var compared = 0
        for testCase in cases where testCase.smuggleFramingsFromCorpus {
            guard case .smuggle(let probe, let rfc) = testCase.expectation else { continue }
            let reference = Set(HTTPSmuggleProbe.rfcFramings(of: testCase.bytes))
            #expect(reference.isSubset(of: probe.framingsAllowed(rfc: rfc)), "\(testCase.id): \(reference.sorted()) against \(rfc)")
            compared += 1
        }
        #expect(compared == 231)
    }
}
