/// docs/skins.md, "What tool exports may contain": warnings come out one per kind, naming the paths, so a 1,500-token export with 212
/// Tokens Studio `spacing` tokens answers one `mapped-type (spacing → dimension)` warning with 212
/// paths rather than 212 warnings. Errors stay one per problem: each must be fixed where it is.
extension SkinProblems {
    /// The same findings with the warnings grouped by kind (code and detail), in the order each kind
    /// first appears; each group keeps its first finding's path and message and lists the rest in
    /// `otherPaths`/`otherMessages`, each path once (a shadow's three unitless members, or one
    /// token met in several selections, are one problem at one path: its first message is kept).
    /// Grouping grouped warnings again changes nothing.
    public func groupingWarnings() -> SkinProblems {
        var groups: [Diagnostic] = []
        var index: [Diagnostic.Kind: Int] = [:]
        var named: [Set<String>] = []
        for warning in warnings {
            guard let at = index[warning.kind] else {
                index[warning.kind] = groups.count
                groups.append(warning)
                named.append(Set(warning.paths))
                continue
            }
            for (path, message) in zip(warning.paths, warning.messages) where named[at].insert(path).inserted {
                groups[at].otherPaths.append(path)
                groups[at].otherMessages.append(message)
            }
        }
        return SkinProblems(errors: errors, warnings: groups)
    }
}

extension Diagnostic {
    /// What makes findings one kind: severity, code and detail.
    struct Kind: Hashable {
        let severity: Severity
        let code: DiagnosticCode
        let detail: String?
    }

    var kind: Kind { Kind(severity: severity, code: code, detail: detail) }

    /// `code (detail)`, as people read a kind: `mapped-type (spacing → dimension)`.
    public var kindDescription: String { code.rawValue + (detail.map { " (\($0))" } ?? "") }

    /// Every path this finding concerns, `path` first.
    public var paths: [String] { [path] + otherPaths }

    /// The message at each of `paths`.
    public var messages: [String] { [message] + otherMessages }

    /// How many paths this finding concerns.
    public var count: Int { 1 + otherPaths.count }
}
