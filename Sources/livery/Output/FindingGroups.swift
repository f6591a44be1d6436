import SkinModel

/// Findings as a person reads them (docs/skins.md, "What tool exports may contain"): a 1,500-token export with 212 tool type names
/// shows `warning 212 × mapped-type (spacing → dimension): …` rather than 212 lines.
///
/// The grouping is the model's (``SkinProblems/groupingWarnings()``): each warning already stands
/// for one kind with every path it concerns, offline as from the server, so this only lays the
/// kinds out. A kind found once prints as the single finding (`error color.a: … (invalid-value)`),
/// as it always has. A server of the older shape (`{path, code, message}` per finding) prints one
/// line per finding.
struct FindingGroups {
    /// One kind of finding and the paths it concerns.
    struct Finding {
        var severity: String
        var code: String
        var detail: String?
        /// The paths, the first one the one `message` is about.
        var paths: [String]
        var message: String
    }

    let findings: [Finding]

    init(_ findings: [Finding]) {
        self.findings = findings
    }

    /// Errors and warnings from the model, errors first.
    init(_ problems: SkinProblems) {
        self.init((problems.errors + problems.warnings).map {
            Finding(severity: $0.severity.rawValue, code: $0.code.rawValue, detail: $0.detail, paths: $0.paths, message: $0.message)
        })
    }

    /// Findings from a server's JSON (`warnings` of a publish answer): `paths` where the server sends
    /// them, else the one `path`.
    init(json: [[String: Any]], severity: String) {
        self.init(json.map { item in
            let path = item["path"] as? String ?? "?"
            return Finding(
                severity: severity, code: item["code"] as? String ?? "", detail: item["detail"] as? String,
                paths: item["paths"] as? [String] ?? [path], message: item["message"] as? String ?? "")
        })
    }

    /// How many paths a kind's line names before `…`.
    static let pathsShown = 5

    /// The lines to print.
    var lines: [String] {
        findings.flatMap { finding -> [String] in
            let first = finding.paths.first ?? ""
            guard finding.paths.count > 1 else { return ["\(finding.severity) \(first): \(finding.message) (\(finding.code))"] }
            let kind = finding.code + (finding.detail.map { " (\($0))" } ?? "")
            let shown = finding.paths.prefix(Self.pathsShown).joined(separator: ", ")
            let more = finding.paths.count > Self.pathsShown ? ", … (+\(finding.paths.count - Self.pathsShown) more)" : ""
            return [
                "\(finding.severity) \(finding.paths.count) × \(kind): \(shown)\(more)",
                "  e.g. \(first): \(finding.message)",
            ]
        }
    }
}
