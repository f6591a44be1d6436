/// A range of build versions in a channel's `builds` entry: comparisons joined by spaces, all
/// of which must hold (`">=3.0.0 <3.2.0"`). Operators `<`, `<=`, `>`, `>=`, `=`; versions are
/// `MAJOR.MINOR.PATCH` (docs/apps.md).
package struct BuildRange: Hashable, Sendable, CustomStringConvertible {
    package enum Operator: String, Hashable, Sendable, CaseIterable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "="
    }

    package struct Comparison: Hashable, Sendable {
        package let op: Operator
        package let version: BuildVersion

        func holds(for candidate: BuildVersion) -> Bool {
            switch op {
            case .less: candidate < version
            case .lessOrEqual: candidate <= version
            case .greater: candidate > version
            case .greaterOrEqual: candidate >= version
            case .equal: candidate == version
            }
        }
    }

    package let comparisons: [Comparison]

    /// Parses a range; nil when empty or when a part is not an operator directly followed by a
    /// version (`"< 3.2.0"` with a space is refused rather than read two ways).
    package init?(_ text: some StringProtocol) {
        var comparisons: [Comparison] = []
        for part in String(text).split(separator: " ") {
            let op: Operator
            let rest: Substring
            if part.hasPrefix("<=") || part.hasPrefix(">=") {
                op = Operator(rawValue: String(part.prefix(2)))!
                rest = part.dropFirst(2)
            } else if let first = part.first, let single = Operator(rawValue: String(first)) {
                op = single
                rest = part.dropFirst()
            } else {
                return nil
            }
            guard let version = BuildVersion(rest) else { return nil }
            comparisons.append(Comparison(op: op, version: version))
        }
        guard !comparisons.isEmpty else { return nil }
        self.comparisons = comparisons
    }

    /// Whether every comparison holds for `version`.
    package func contains(_ version: BuildVersion) -> Bool {
        comparisons.allSatisfy { $0.holds(for: version) }
    }

    /// The canonical spelling (`">=3.0.0 <3.2.0"`), as stored and shown.
    package var description: String {
        comparisons.map { "\($0.op.rawValue)\($0.version)" }.joined(separator: " ")
    }
}
