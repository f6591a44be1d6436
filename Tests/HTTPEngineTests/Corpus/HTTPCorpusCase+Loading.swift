import Foundation

extension HTTPCorpusCase {
    /// The corpus sources, in the order they are reported.
    static let sources = ["llhttp", "h11", "garden", "portswigger", "smuggler"]

    /// `../shared/corpus/http` beside the package root (found from this file's path), or nil when absent.
    static func corpusDirectory(filePath: String = #filePath) -> URL? {
        var root = URL(fileURLWithPath: filePath)
        while root.path != "/" {
            root.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
                let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus/http")
                return FileManager.default.fileExists(atPath: corpus.path) ? corpus : nil
            }
        }
        return nil
    }

    /// Every case of the source files, in file order.
    static func loadAll(from directory: URL, sources: [String] = sources) throws -> [HTTPCorpusCase] {
        try sources.flatMap { source in
            let text = try String(contentsOf: directory.appendingPathComponent("\(source).jsonl"), encoding: .utf8)
            return try text.split(separator: "\n").map { line in
                try HTTPCorpusCase(source: source, json: Data(line.utf8))
            }
        }
    }

    init(source: String, json: Data) throws {
        let record = try JSONDecoder().decode(Record.self, from: json)
        func decode(_ b64: String) throws -> [UInt8] {
            guard let data = Data(base64Encoded: b64) else { throw TestError("\(record.id): bad base64") }
            return Array(data)
        }
        self.source = source
        id = record.id
        smuggleFramingsFromCorpus = false
        parts = try record.parts_b64.map { try $0.map(decode) } ?? [decode(record.bytes_b64)]
        let e = record.expect
        let n = e.n_complete ?? 0
        switch e.kind {
        case "accept": expectation = .accept(n)
        case "reject": expectation = .reject(n)
        case "incomplete": expectation = .incomplete(n)
        case "handoff": expectation = .handoff(n)
        case "close-after": expectation = .closeAfter(n)
        case "any": expectation = .any(e.allowed ?? [])
        case "smuggle":
            guard let probe = e.probe.flatMap(HTTPSmuggleProbe.init(rawValue:)) else { throw TestError("\(record.id): probe \(e.probe ?? "-")") }
            expectation = .smuggle(probe: probe, rfcFramings: e.rfc ?? HTTPSmuggleProbe.rfcFramings(of: parts.flatMap { $0 }))
            smuggleFramingsFromCorpus = e.rfc != nil
        default:
            throw TestError("\(record.id): unknown verdict kind \(e.kind)")
        }
    }

    /// The fields of a JSONL line the test reads (the rest is provenance, quoted by the doc).
    private struct Record: Decodable {
        var id: String
        var bytes_b64: String
        var parts_b64: [String]?
        var expect: Expect
    }

    private struct Expect: Decodable {
        var kind: String
        var n_complete: Int?
        var allowed: [String]?
        var probe: String?
        var rfc: [String]?
    }
}
