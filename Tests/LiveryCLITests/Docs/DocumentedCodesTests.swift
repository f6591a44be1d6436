import Foundation
import Testing

/// What the model and the server can answer must be in the documentation, found from the code
/// itself so that a new code without documentation fails here: every diagnostic code declared
/// in Sources/ is a row of docs/skins.md's table of warnings and errors, every problem type
/// (`slug`) and every status code of the OpenAPI document is in docs/api.md; and nothing is
/// documented that the code no longer has.
@Suite struct DocumentedCodesTests {
    /// `static let x: DiagnosticCode = "code"`, `DiagnosticCode(rawValue: "code")`, or a literal
    /// passed straight to `Diagnostic.error`/`.warning`.
    static func diagnosticCodesInSources() throws -> Set<String> {
        let patterns = [
            try Regex(#"DiagnosticCode\s*=\s*"([a-z0-9-]+)""#),
            try Regex(#"DiagnosticCode\(rawValue:\s*"([a-z0-9-]+)"\)"#),
            try Regex(#"Diagnostic\.(?:error|warning)\(\s*"([a-z0-9-]+)""#),
        ]
        return try captures(of: patterns, in: Documentation.swiftSources())
    }

    /// `slug: "x"` and `slug = "x"`: the last path segment of a problem's `type`.
    static func problemSlugsInSources() throws -> Set<String> {
        let sources = try Documentation.swiftSources().filter { $0.path.hasPrefix("Sources/LiveryServer/") }
        return try captures(of: [try Regex(#"slug(?:\s*:\s*String)?\s*[:=]\s*"([a-z0-9-]+)""#)], in: sources)
    }

    static func captures(of patterns: [Regex<AnyRegexOutput>], in sources: [(path: String, text: String)]) throws -> Set<String> {
        var found: Set<String> = []
        for (_, text) in sources {
            for pattern in patterns {
                for match in text.matches(of: pattern) { if let code = match.output[1].substring { found.insert(String(code)) } }
            }
        }
        return found
    }

    /// The first cells of the table rows under docs/skins.md's heading `## Every warning and error`.
    static func documentedDiagnosticCodes() throws -> Set<String> {
        let text = try Documentation.text(of: "docs/skins.md")
        guard let start = text.range(of: "\n## Every warning and error") else { return [] }
        let section = text[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
        let row = try Regex(#"(?m)^\|\s*`([a-z0-9-]+)`\s*\|"#)
        return Set(section.matches(of: row).compactMap { $0.output[1].substring.map(String.init) })
    }

    @Test func everyDiagnosticCodeIsInTheTable() throws {
        let declared = try Self.diagnosticCodesInSources()
        #expect(declared.count >= 20, "the scan finds the model's codes (found \(declared.sorted()))")
        let documented = try Self.documentedDiagnosticCodes()
        let undocumented = declared.subtracting(documented)
        #expect(undocumented.isEmpty, "add these to docs/skins.md, `## Every warning and error`: \(undocumented.sorted())")
        let stale = documented.subtracting(declared)
        #expect(stale.isEmpty, "docs/skins.md documents codes the code no longer has: \(stale.sorted())")
        print("documented diagnostic codes: \(documented.count) of \(declared.count) declared")
    }

    @Test func everyProblemTypeAndStatusCodeIsInTheAPIGuide() throws {
        let guide = try Documentation.text(of: "docs/api.md")
        let slugs = try Self.problemSlugsInSources()
        #expect(slugs.contains("invalid-document"), "the scan finds the server's problem types")
        let missingSlugs = slugs.filter { !guide.contains("`\($0)`") }
        #expect(missingSlugs.isEmpty, "problem types missing from docs/api.md: \(missingSlugs.sorted())")

        let openAPI = Documentation.root.appendingPathComponent("Sources/LiveryServer/Resources/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: openAPI)) as? [String: Any])
        var statuses: Set<String> = []
        for case let operations as [String: Any] in (document["paths"] as? [String: Any] ?? [:]).values {
            for case let operation as [String: Any] in operations.values {
                statuses.formUnion((operation["responses"] as? [String: Any] ?? [:]).keys)
            }
        }
        #expect(statuses.contains("200"))
        let missingStatuses = statuses.filter { !guide.contains("| `\($0)` |") }
        #expect(missingStatuses.isEmpty, "status codes of the OpenAPI document missing from docs/api.md's table: \(missingStatuses.sorted())")
    }
}

extension DocumentedCodesTests {
    /// Every function of the expression language (`ExpressionFunction(name: "…"`) is shown in
    /// docs/skins.md as `name(`.
    @Test func everyExpressionFunctionIsDocumented() throws {
        let sources = try Documentation.swiftSources().filter { $0.path.hasPrefix("Sources/SkinModel/") }
        let functions = try Self.captures(of: [try Regex(#"ExpressionFunction\(\s*name:\s*"([A-Za-z0-9_]+)""#)], in: sources)
        #expect(functions.contains("lighten"), "the scan finds the function table")
        let guide = try Documentation.text(of: "docs/skins.md")
        let missing = functions.filter { !guide.contains("`\($0)(") }
        #expect(missing.isEmpty, "functions missing from docs/skins.md: \(missing.sorted())")
    }
}
