import Foundation

/// Reads the "Documented divergences" table of docs/http-conformance.md, whose rows are
/// `` | `id pattern` | `outcome` | `because` | RFC 91xx §N | why | `` (`because` is `—` when there is no rejection), so the test can hold it equal to
/// `CorpusDivergence.all`.
enum CorpusDivergenceDocument {
    static let heading = "## Documented divergences"

    static func read(filePath: String = #filePath) throws -> Set<CorpusDivergence> {
        var root = URL(fileURLWithPath: filePath)
        repeat { root.deleteLastPathComponent() } while root.path != "/"
            && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
        let text = try String(contentsOf: root.appendingPathComponent("docs/http-conformance.md"), encoding: .utf8)
        guard let start = text.range(of: "\n\(heading)\n") else { throw TestError("docs/http-conformance.md has no '\(heading)'") }
        let section = text[start.upperBound...].prefix { _ in true }
        let body = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
        var rows: Set<CorpusDivergence> = []
        for line in body.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6 else { throw TestError("short divergence row: \(line)") }
            func code(_ cell: String) -> String { cell.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            rows.insert(CorpusDivergence(idPattern: code(cells[1]), outcome: code(cells[2]), because: cells[3] == "—" ? "" : code(cells[3]), rfc: cells[4]))
        }
        return rows
    }
}
