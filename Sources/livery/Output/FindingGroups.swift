/// Findings grouped by kind for a person to read (SPEC §1.8): a 1,500-token export with 212 tool
/// type names shows `warning 212 × mapped-type (spacing → dimension): …` rather than 212 lines.
///
/// A kind is the severity, the code and, where the code has one, what varies between findings of
/// that code (the type name mapped, the unit kept). A kind found once prints as the single finding
/// (`error color.a: … (invalid-value)`), as it always has; the findings are the server's, unchanged.
struct FindingGroups {
    struct Finding {
        var severity: String
        var path: String
        var code: String
        var message: String
    }

    struct Group {
        var severity: String
        var code: String
        var detail: String?
        var findings: [Finding] = []
    }

    /// Groups in the order their kind first appears (errors before warnings, as given).
    private(set) var groups: [Group] = []

    init(_ findings: [Finding]) {
        var index: [String: Int] = [:]
        for finding in findings {
            let detail = Self.detail(code: finding.code, message: finding.message)
            let key = "\(finding.severity) \(finding.code) \(detail ?? "")"
            if index[key] == nil {
                index[key] = groups.count
                groups.append(Group(severity: finding.severity, code: finding.code, detail: detail))
            }
            groups[index[key]!].findings.append(finding)
        }
    }

    /// How many paths a group's line names before `…`.
    static let pathsShown = 5

    /// The lines to print.
    var lines: [String] {
        groups.flatMap { group -> [String] in
            let first = group.findings[0]
            guard group.findings.count > 1 else { return ["\(first.severity) \(first.path): \(first.message) (\(first.code))"] }
            let kind = group.code + (group.detail.map { " (\($0))" } ?? "")
            let shown = group.findings.prefix(Self.pathsShown).map(\.path).joined(separator: ", ")
            let more = group.findings.count > Self.pathsShown ? ", … (+\(group.findings.count - Self.pathsShown) more)" : ""
            return [
                "\(group.severity) \(group.findings.count) × \(kind): \(shown)\(more)",
                "  e.g. \(first.path): \(first.message)",
            ]
        }
    }

    /// What varies between findings of one code, read from the message the model wrote.
    static func detail(code: String, message: String) -> String? {
        switch code {
        case "mapped-type":
            if let match = message.firstMatch(of: /\$type '([^']+)' read as (\w+)/) { return "\(match.1) → \(match.2)" }
            if message.contains("shadow members") { return "Tokens Studio shadow members" }
            return nil
        case "unknown-type":
            return message.firstMatch(of: /\$type ("[^"]*")/).map { String($0.1) }
        case "non-dtcg-unit":
            return message.firstMatch(of: /unit '([^']*)'/).map { String($0.1) }
        default:
            return nil
        }
    }
}
