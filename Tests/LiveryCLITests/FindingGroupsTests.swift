import Testing
@testable import livery

/// `livery validate` and `publish` group findings by kind (SPEC §1.8), so a large export's
/// hundreds of warnings read as a few lines with counts.
@Suite struct FindingGroupsTests {
    static func finding(_ severity: String, _ path: String, _ code: String, _ message: String) -> FindingGroups.Finding {
        FindingGroups.Finding(severity: severity, path: path, code: code, message: message)
    }

    @Test func kindsAreCountedAndMappedTypesSplitByName() {
        var findings: [FindingGroups.Finding] = (1...7).map { Self.finding("warning", "space.\($0)", "mapped-type", "$type 'spacing' read as dimension (Tokens Studio)") }
        findings.append(Self.finding("warning", "radius.sm", "mapped-type", "$type 'borderRadius' read as dimension (Tokens Studio)"))
        findings.append(Self.finding("warning", "line.tight", "non-dtcg-unit", "unit 'em' of 1.2em is not a DTCG unit (px, rem); kept as given"))
        let lines = FindingGroups(findings).lines
        #expect(lines == [
            "warning 7 × mapped-type (spacing → dimension): space.1, space.2, space.3, space.4, space.5, … (+2 more)",
            "  e.g. space.1: $type 'spacing' read as dimension (Tokens Studio)",
            "warning radius.sm: $type 'borderRadius' read as dimension (Tokens Studio) (mapped-type)",
            "warning line.tight: unit 'em' of 1.2em is not a DTCG unit (px, rem); kept as given (non-dtcg-unit)",
        ])
    }

    @Test func errorsAndWarningsOfOneCodeAreSeparateKinds() {
        let lines = FindingGroups([
            Self.finding("error", "a", "unknown-type", "$type 7 is not a type name"),
            Self.finding("warning", "b", "unknown-type", "$type \"unknown\" is not a DTCG type"),
            Self.finding("warning", "c", "unknown-type", "$type \"unknown\" is not a DTCG type"),
        ]).lines
        #expect(lines.first == "error a: $type 7 is not a type name (unknown-type)")
        #expect(lines.dropFirst().first == "warning 2 × unknown-type (\"unknown\"): b, c")
    }
}
