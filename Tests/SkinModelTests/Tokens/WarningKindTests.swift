import TestSupport
import Testing
@testable import SkinModel

/// docs/skins.md, "What tool exports may contain": warnings come out one per kind (code and detail) naming every path; errors stay one
/// per problem.
@Suite("Warnings: one per kind, naming the paths")
struct WarningKindTests {
    @Test("212 spacing tokens of 1,500 give one mapped-type warning with 212 paths; other details stay other kinds")
    func largeExportGroups() throws {
        let problems = Validator.validate(document: document(LargeExport.json), ancestors: [], skin: "studio", version: 1)
        #expect(problems.errors.isEmpty)
        let kinds = problems.warnings.map(\.kindDescription)
        #expect(kinds == [
            "mapped-type (spacing → dimension)", "mapped-type (borderRadius → dimension)", "mapped-type (letterSpacing → dimension)",
            "legacy-form (dimension as text)", "non-dtcg-unit (em)",
        ])
        let spacing = try #require(problems.warnings.first)
        #expect(spacing.count == 212)
        #expect(spacing.paths == LargeExport.spacingPaths)
        #expect(spacing.path == "space.s1")
        #expect(spacing.messages.allSatisfy { $0 == spacing.message })
        // Every "16px" of the export is the pre-2025 text form (docs/skins.md, "What tool exports may contain"): one kind, 320 paths.
        #expect(problems.warnings.map(\.count) == [212, 100, 8, 320, 8])
    }

    @Test("errors stay one per problem, each at its path")
    func errorsStayApart() {
        let problems = Validator.validate(
            document: document(##"{"c": {"$type": "color", "a": {"$value": "{c.x}"}, "b": {"$value": "{c.y}"}}}"##), ancestors: [])
        #expect(problems.errors.map(\.path) == ["c.a", "c.b"])
        #expect(problems.errors.allSatisfy { $0.otherPaths.isEmpty })
    }

    @Test("a kind whose paths say different things keeps every message, in path order")
    func differingMessages() throws {
        let problems = Validator.validate(
            document: document(##"{"c": {"$type": "color", "a": {"$value": {"colorSpace": "display-p3", "components": [0, 1, 0]}}, "b": {"$value": {"colorSpace": "display-p3", "components": [1, 0, 0]}}}}"##),
            ancestors: [])
        let gamut = try #require(problems.warnings.first)
        #expect(problems.warnings.count == 1)
        #expect(gamut.kindDescription == "out-of-gamut (clipped)")
        #expect(gamut.paths == ["c.a", "c.b"])
        #expect(gamut.messages.count == 2)
        #expect(gamut.messages[0].contains("clipped to #00ff00") && gamut.messages[1].contains("clipped to #ff0000"), "\(gamut.messages)")
    }

    @Test("grouping grouped warnings changes nothing")
    func idempotent() {
        let once = Validator.validate(document: document(LargeExport.json), ancestors: [])
        #expect(once.groupingWarnings() == once)
    }

    @Test("a document refused for its errors reports its warnings grouped too")
    func refusedDocument() {
        let problems = documentProblems(##"{"a": {"$type": "spacing", "$value": "4px"}, "b": {"$type": "spacing", "$value": "8px"}, "bad": {"$type": 7, "$value": 1}}"##)
        #expect(problems.errors.count == 1)
        #expect(problems.warnings.map(\.paths) == [["a", "b"]])
    }
}
