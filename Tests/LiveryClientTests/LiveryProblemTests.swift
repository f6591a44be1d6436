import Testing
@testable import LiveryClient

/// The client reads a problem's warnings as the server sends them: one per kind naming its paths
/// (docs/skins.md, "What tool exports may contain"), and the older `{path, code, message}` shape as one path each.
@Suite struct LiveryProblemTests {
    @Test func warningsOfOneKindKeepTheirPathsAndDetail() throws {
        let body = ##"""
            {"type": "https://livery.dev/problems/invalid-document", "title": "Invalid skin document", "status": 422,
             "detail": "The document has 1 error.",
             "errors": [{"path": "color.a", "code": "invalid-value", "message": "'#zz' is not a hex colour"}],
             "warnings": [{"path": "space.s1", "paths": ["space.s1", "space.s2"], "count": 2, "code": "mapped-type",
                           "detail": "spacing → dimension", "message": "$type 'spacing' read as dimension (Tokens Studio)"},
                          {"path": "old.one", "code": "legacy-form", "message": "a pre-2025 draft token"}]}
            """##
        let problem = try #require(LiveryProblem(bytes: Array(body.utf8)))
        #expect(problem.errors.map(\.paths) == [["color.a"]])
        #expect(problem.warnings.map(\.count) == [2, 1])
        #expect(problem.warnings.first?.paths == ["space.s1", "space.s2"])
        #expect(problem.warnings.first?.detail == "spacing → dimension")
        #expect(problem.warnings.last?.paths == ["old.one"], "an older server's warning names its one path")
    }
}
