import SkinModel
import Testing
@testable import livery

/// `livery validate` and `publish` print the model's kinds (docs/skins.md, "What tool exports may contain"), so a large export's
/// hundreds of warnings read as a few lines with counts.
@Suite struct FindingGroupsTests {
    static func validated(_ text: String) -> SkinProblems {
        do {
            return Validator.validate(document: try SkinDocument.parse(Array(text.utf8)), ancestors: [])
        } catch {
            return error
        }
    }

    @Test func kindsAreCountedAndMappedTypesSplitByName() {
        let spacing = (1...7).map { #""s\#($0)": {"$type": "spacing", "$value": "\#($0)px"}"# }.joined(separator: ",")
        let problems = Self.validated(##"""
            {"space": {\##(spacing)}, "radius": {"sm": {"$type": "borderRadius", "$value": "4px"}},
             "line": {"tight": {"$type": "dimension", "$value": "1.2em"}}}
            """##)
        #expect(FindingGroups(problems).lines == [
            "warning 7 × mapped-type (spacing → dimension): space.s1, space.s2, space.s3, space.s4, space.s5, … (+2 more)",
            "  e.g. space.s1: $type 'spacing' read as dimension (Tokens Studio)",
            "warning radius.sm: $type 'borderRadius' read as dimension (Tokens Studio) (mapped-type)",
            "warning 9 × legacy-form (dimension as text): space.s1, space.s2, space.s3, space.s4, space.s5, … (+4 more)",
            "  e.g. space.s1: the dimension is written as the text '1px'; read as {value, unit}",
            "warning line.tight: 1.2em is relative to the font size; DTCG lists only px and rem, so it is kept as it is: "
                + "apps read it in em and the CSS output writes 1.2em (non-dtcg-unit)",
        ])
    }

    @Test func errorsStayOnePerProblemBesideWarningKinds() {
        let lines = FindingGroups(Self.validated(##"""
            {"a": {"$type": 7, "$value": 1}, "b": {"$type": "unknown", "$value": 1}, "c": {"$type": "unknown", "$value": 2}}
            """##)).lines
        #expect(lines.first == "error a: $type 7 is not a type name (unknown-type)")
        #expect(lines.dropFirst().first == "warning 2 × unknown-type (\"unknown\"): b, c")
    }

    @Test func serverAnswersPrintTheirKindsAndOlderAnswersOneLineEach() {
        let grouped = FindingGroups(json: [
            ["path": "a", "paths": ["a", "b"], "count": 2, "code": "mapped-type", "detail": "spacing → dimension", "message": "m"],
        ], severity: "warning")
        #expect(grouped.lines == ["warning 2 × mapped-type (spacing → dimension): a, b", "  e.g. a: m"])
        let older = FindingGroups(json: [["path": "a", "code": "mapped-type", "message": "m"], ["path": "b", "code": "mapped-type", "message": "m"]], severity: "warning")
        #expect(older.lines == ["warning a: m (mapped-type)", "warning b: m (mapped-type)"])
    }
}
